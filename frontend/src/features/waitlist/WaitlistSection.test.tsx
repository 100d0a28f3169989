import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WaitlistEntry } from '../../api/types';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { makeEvent, makeUser, makeWaitlistEntry, offered, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ToastRegion } from '../../toasts/ToastRegion';
import { WaitlistSection } from './WaitlistSection';

type Handler = (request: Request) => Response | Promise<Response>;

function renderSection(entries: Handler, routes: Record<string, Handler> = {}) {
  const fetchMock = stubApi({ '/api/v1/waitlist': entries, ...routes });
  const view = renderWithProviders(
    <>
      <WaitlistSection />
      <ToastRegion />
    </>,
    { preloadedState: sessionOf(makeUser()), route: '/my-registrations' },
  );
  return { ...view, fetchMock };
}

const answer = (entries: WaitlistEntry[]) => () => jsonResponse({ success: true, entries });
const section = () => within(screen.getByRole('region', { name: 'Waitlist' }));
const rowOf = (eventName: string) => within(screen.getByRole('article', { name: eventName }));
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

const chess = makeEvent({ name: 'Chess Blitz' });
const robo = makeEvent({ name: 'Robo Race', event_type: 'group' });
const quiz = makeEvent({ name: 'Quiz' });

describe('My Registrations: the waitlist', () => {
  it('lists each place in line with its event, team and state; answers only for who may give them', async () => {
    const seat = offered(makeWaitlistEntry(chess), '2026-11-24T12:30:00.000Z');
    renderSection(
      answer([
        seat,
        makeWaitlistEntry(robo, { place: 2, team: { id: 'team-1', name: 'Gear Heads' } }),
        makeWaitlistEntry(quiz, { place: 5, team: { id: 'team-2', name: 'Quiz Kids' }, canAnswer: false }),
      ]),
    );
    expect(await section().findByRole('link', { name: 'Chess Blitz' })).toHaveAttribute('href', `/event/${chess._id}?slug=chess-blitz`);

    const held = rowOf('Chess Blitz');
    expect(held.getByText('Seat held for you until 24 Nov 2026, 6:00 pm')).toBeInTheDocument();
    expect(held.getByRole('button', { name: 'Accept the seat for Chess Blitz' })).toBeInTheDocument();
    expect(held.getByRole('button', { name: 'Decline the seat for Chess Blitz' })).toBeInTheDocument();
    expect(held.queryByRole('button', { name: /Leave/ })).not.toBeInTheDocument();

    const waiting = rowOf('Robo Race');
    expect(waiting.getByText('Team Gear Heads')).toBeInTheDocument();
    expect(waiting.getByText('Number 2 in line')).toBeInTheDocument();
    expect(waiting.getByRole('button', { name: 'Leave the waitlist for Robo Race' })).toBeInTheDocument();
    expect(waiting.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();

    const member = rowOf('Quiz');
    expect(member.getByText('Number 5 in line')).toBeInTheDocument();
    expect(member.getByText("Your team's leader answers for the team.")).toBeInTheDocument();
    expect(member.queryByRole('button')).not.toBeInTheDocument();
  });

  it("leaves the line: the server's message, and the entry goes", async () => {
    const entry = makeWaitlistEntry(robo, { place: 2 });
    let entries = [entry];
    const { user, fetchMock } = renderSection(() => jsonResponse({ success: true, entries }), {
      [`/api/v1/waitlist/${entry.id}`]: () => {
        entries = [];
        return jsonResponse({ success: true, message: 'You left the waitlist for Robo Race.' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Leave the waitlist for Robo Race' }));
    expect(await toasts().findByText('You left the waitlist for Robo Race.')).toBeInTheDocument();
    expect(await section().findByText(/You are not in line for any event/)).toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/v1/waitlist/${entry.id}`)[0].method).toBe('DELETE');
  });

  it('accepts a held seat, and shows a refusal as an error toast, keeping the entry', async () => {
    const seat = offered(makeWaitlistEntry(chess));
    const { user } = renderSection(answer([seat]), {
      [`/api/v1/waitlist/${seat.id}/accept`]: () => jsonResponse({ success: false, message: 'This seat is no longer offered to you.' }, 409),
    });
    await user.click(await screen.findByRole('button', { name: 'Accept the seat for Chess Blitz' }));
    expect(await toasts().findByText('This seat is no longer offered to you.')).toBeInTheDocument();
    expect(rowOf('Chess Blitz').getByRole('button', { name: 'Accept the seat for Chess Blitz' })).toBeEnabled();
  });

  it('says so when the student is in no line', async () => {
    renderSection(answer([]));
    expect(await section().findByText('You are not in line for any event. A full event offers to put you in line.')).toBeInTheDocument();
  });

  it('shows a spinner while loading', () => {
    renderSection(() => new Promise<Response>(() => {}));
    expect(section().getByRole('status')).toHaveTextContent('Loading your waitlist…');
  });

  it('says "Failed to load your waitlist" with the reason and Try Again, then shows it once it works', async () => {
    let calls = 0;
    const { user } = renderSection(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse({ success: false, message: 'Database unavailable' }, 503)
        : jsonResponse({ success: true, entries: [makeWaitlistEntry(quiz)] });
    });
    const alert = await section().findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load your waitlist');
    expect(alert).toHaveTextContent('Database unavailable');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await section().findByRole('link', { name: 'Quiz' })).toBeInTheDocument();
  });
});
