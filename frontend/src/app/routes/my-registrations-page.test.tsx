import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Registration } from '../../api/types';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { makeEvent, makeUser, makeWaitlistEntry, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { MyRegistrationsPage } from './my-registrations-page';

const open = makeEvent({ name: 'Chess Blitz', registration_deadline: '2099-01-01T00:00:00.000Z' });
const closed = makeEvent({ name: 'Quiz', registration_deadline: '2026-01-01T00:00:00.000Z' });
// No deadline: cancelling stays open until the event starts.
const started = makeEvent({ name: 'Open Mic', eventDate: '2026-01-01T00:00:00.000Z', event_date: '2026-01-01T00:00:00.000Z' });

const registrationFor = (event: { _id: string; name: string }): Registration => ({
  _id: `reg-${event._id}`,
  eventId: event._id,
  eventName: event.name,
  eventDate: null,
  eventType: 'solo',
  clubInCharge: 'Tech Club',
  status: 'approved',
  appliedAt: '2026-11-21T06:00:00.000Z',
  teamDetails: null,
  ticket: null,
});

describe('/my-registrations', () => {
  it("closes Cancel with each event's deadline (else its start), lists the waitlist, and refreshes the events' seats after cancelling", async () => {
    let registrations = [open, closed, started].map(registrationFor);
    const fetchMock = stubApi({
      '/api/v1/events': () => jsonResponse({ success: true, events: [open, closed, started] }),
      '/api/v1/user/registrations': () => jsonResponse({ success: true, registrations }),
      '/api/v1/waitlist': () => jsonResponse({ success: true, entries: [makeWaitlistEntry(makeEvent({ name: 'Robo Race' }), { place: 1 })] }),
      [`/api/v1/registrations/${open._id}/cancel`]: () => {
        registrations = registrations.filter(({ eventId }) => eventId !== open._id);
        return jsonResponse({ success: true, message: 'Your registration for Chess Blitz is cancelled.' });
      },
    });
    const { user } = renderWithProviders(<MyRegistrationsPage />, { preloadedState: sessionOf(makeUser()), route: '/my-registrations' });

    const cancel = await screen.findByRole('button', { name: 'Cancel registration for Chess Blitz' });
    await waitFor(() => expect(requestsTo(fetchMock, '/api/v1/events')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Cancel registration for Quiz' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel registration for Open Mic' })).not.toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Waitlist' })).findByText('Number 1 in line')).toBeInTheDocument();

    await user.click(cancel);
    await user.type(screen.getByRole('textbox', { name: 'Event name' }), 'Chess Blitz');
    await user.click(screen.getByRole('button', { name: 'Cancel registration' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Chess Blitz' })).not.toBeInTheDocument());
    await waitFor(() => expect(requestsTo(fetchMock, '/api/v1/events')).toHaveLength(2));
  });
});
