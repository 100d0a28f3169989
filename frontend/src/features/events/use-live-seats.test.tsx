import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGetWaitlistQuery } from '../../api/waitlist-api';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { makeEvent, makeUser, makeWaitlistEntry, offered, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import type { LiveSeats } from './events-api';
import { EventsSection } from './EventsSection';
import { FALLBACK_POLL_MS, FIRST_RETRY_MS } from './use-live-seats';

/** Longer than a frame, when the store's batched changes reach the page. */
const FRAME_MS = 20;

/** The browser's EventSource as the page sees it: the test plays the server's side. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  closed = false;
  private readonly listeners = new Map<string, ((message: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  static get current(): FakeEventSource {
    const source = FakeEventSource.opened.at(-1);
    if (!source) throw new Error('no stream was opened');
    return source;
  }

  addEventListener(type: string, listener: (message: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
  }

  /** The server sends a named message; the store tells the page at the next frame. */
  async send(type: 'snapshot' | 'seats', data: unknown): Promise<void> {
    await act(async () => {
      this.listeners.get(type)?.forEach((listener) => listener(new MessageEvent(type, { data: JSON.stringify(data) })));
      await vi.advanceTimersByTimeAsync(FRAME_MS);
    });
  }

  /** The connection drops. */
  fail(): void {
    act(() => this.listeners.get('error')?.forEach((listener) => listener(new MessageEvent('error'))));
  }
}

const fullEvent = makeEvent({ name: 'Quiz Night', maxApplications: 1, max_participants: 1, actualSeatsTaken: 1, availableSeats: 0 });
const otherEvent = makeEvent({ name: 'Poetry Slam', maxApplications: 10, max_participants: 10, actualSeatsTaken: 3, availableSeats: 7 });
const seatsOf = (event: typeof fullEvent, changes: Partial<LiveSeats> = {}): LiveSeats => ({
  id: event._id,
  maxApplications: event.maxApplications,
  actualSeatsTaken: event.actualSeatsTaken,
  availableSeats: event.availableSeats,
  ...changes,
});
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const card = (name: string) => screen.getByRole('link', { name }).closest('article')!;

async function renderHome() {
  const fetchMock = stubApi({ '/api/v1/events': () => jsonResponse({ success: true, events: [fullEvent, otherEvent] }) });
  const view = renderWithProviders(<EventsSection />, { preloadedState: sessionOf(makeUser()) });
  await screen.findByRole('link', { name: 'Quiz Night' });
  const listReads = () => requestsTo(fetchMock, '/api/v1/events').length;
  return { ...view, listReads };
}

function setPageVisible(visible: boolean) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (visible ? 'visible' : 'hidden') });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('live seats on the home page', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => setPageVisible(true));

  it('opens one stream and patches the cached list with each message, reading nothing again', async () => {
    const { store, listReads } = await renderHome();
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(FakeEventSource.current.url).toMatch(/\/api\/v1\/events\/seats\/stream$/);
    expect(await within(card('Quiz Night')).findByText('Registration Full')).toBeInTheDocument();

    await FakeEventSource.current.send('snapshot', [seatsOf(fullEvent), seatsOf(otherEvent, { actualSeatsTaken: 4, availableSeats: 6 })]);
    expect(within(card('Poetry Slam')).getByText('4 / 10 seats taken')).toBeInTheDocument();

    // The club raised the capacity: a seat appears on the full event.
    await FakeEventSource.current.send('seats', seatsOf(fullEvent, { maxApplications: 2, availableSeats: 1 }));
    expect(within(card('Quiz Night')).getByText('1 / 2 seats taken')).toBeInTheDocument();
    expect(within(card('Quiz Night')).queryByText('Registration Full')).not.toBeInTheDocument();
    expect(within(card('Quiz Night')).getByRole('button', { name: 'Register for Quiz Night' })).toBeInTheDocument();

    const cached = store.getState().api.queries['getEvents(undefined)']?.data as (typeof fullEvent)[];
    expect(cached.find((event) => event._id === fullEvent._id)).toMatchObject({ maxApplications: 2, actualSeatsTaken: 1, availableSeats: 1 });
    expect(listReads()).toBe(1);
  });

  it('polls the list when the stream drops, and stops once the stream is back', async () => {
    const { listReads } = await renderHome();
    await FakeEventSource.current.send('snapshot', [seatsOf(fullEvent)]);
    await advance(FALLBACK_POLL_MS * 2);
    expect(listReads()).toBe(1);

    FakeEventSource.current.fail();
    expect(FakeEventSource.current.closed).toBe(true);
    await advance(FALLBACK_POLL_MS);
    expect(listReads()).toBe(2);
    // Tried again after a pause (2 s, then 4 s, ...): the retry fails too, polling goes on.
    expect(FakeEventSource.opened).toHaveLength(2);
    FakeEventSource.current.fail();
    await advance(FIRST_RETRY_MS * 2);
    expect(FakeEventSource.opened).toHaveLength(3);

    await FakeEventSource.current.send('snapshot', [seatsOf(fullEvent)]);
    const reads = listReads();
    await advance(FALLBACK_POLL_MS * 3);
    expect(listReads()).toBe(reads);
    expect(FakeEventSource.opened).toHaveLength(3);
  });

  it('holds neither stream nor polling while the page is hidden, and resumes on return', async () => {
    const { listReads } = await renderHome();
    FakeEventSource.current.fail();
    setPageVisible(false);
    expect(FakeEventSource.current.closed).toBe(true);
    const opened = FakeEventSource.opened.length;
    await advance(FALLBACK_POLL_MS * 3);
    expect(listReads()).toBe(1);
    expect(FakeEventSource.opened).toHaveLength(opened);

    setPageVisible(true);
    expect(FakeEventSource.opened).toHaveLength(opened + 1);
    expect(FakeEventSource.current.closed).toBe(false);
  });

  it('reads the waitlist again when seats change at an event the student waits for, so an offer shows at once', async () => {
    const waiting = makeWaitlistEntry(fullEvent, { place: 1 });
    let entries = [waiting];
    const fetchMock = stubApi({
      '/api/v1/events': () => jsonResponse({ success: true, events: [fullEvent, otherEvent] }),
      '/api/v1/waitlist': () => jsonResponse({ success: true, entries }),
    });
    renderWithProviders(
      <>
        <EventsSection />
        <PlacesProbe />
      </>,
      { preloadedState: sessionOf(makeUser()) },
    );
    expect(await screen.findByText('Quiz Night: waiting')).toBeInTheDocument();
    const waitlistReads = () => requestsTo(fetchMock, '/api/v1/waitlist').length;

    // Elsewhere: nothing of the student's changes.
    await FakeEventSource.current.send('seats', seatsOf(otherEvent, { actualSeatsTaken: 4, availableSeats: 6 }));
    expect(waitlistReads()).toBe(1);

    // The registered student cancelled: the seat is held for the head of the line, this student.
    entries = [offered(waiting)];
    await FakeEventSource.current.send('seats', seatsOf(fullEvent, { actualSeatsTaken: 0, availableSeats: 0 }));
    expect(await screen.findByText('Quiz Night: offered')).toBeInTheDocument();
    expect(waitlistReads()).toBe(2);
  });
});

/** Shows the student's places as the bell and the cards read them. */
function PlacesProbe() {
  const { data: entries = [] } = useGetWaitlistQuery();
  return (
    <ul>
      {entries.map((entry) => (
        <li key={entry.id}>{`${entry.event.name}: ${entry.status}`}</li>
      ))}
    </ul>
  );
}
