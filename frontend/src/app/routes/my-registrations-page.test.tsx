import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WaitlistEntry } from '../../api/types';
import { jsonResponse, stubApi } from '../../test/fake-fetch';
import { makeEvent, makeUser, makeWaitlistEntry, offered, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { MyRegistrationsPage } from './my-registrations-page';

const chess = makeEvent({ name: 'Chess Blitz' });

function renderPage(entries: WaitlistEntry[]) {
  stubApi({
    '/api/v1/events': () => jsonResponse({ success: true, events: [chess] }),
    '/api/v1/user/registrations': () => jsonResponse({ success: true, registrations: [] }),
    '/api/v1/waitlist': () => jsonResponse({ success: true, entries }),
  });
  renderWithProviders(<MyRegistrationsPage />, { preloadedState: sessionOf(makeUser()), route: '/my-registrations' });
}

/** Whether `first` comes before `second` in the page's reading order. */
const precedes = (first: HTMLElement, second: HTMLElement) => Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('/my-registrations: the order of its parts', () => {
  it('puts a seat offered from the waitlist first, above the registrations (even their empty state)', async () => {
    renderPage([offered(makeWaitlistEntry(chess))]);
    const offer = await screen.findByText(/Seat held for you until/);
    const empty = await screen.findByRole('heading', { name: 'No Registrations Yet' });
    expect(precedes(offer, empty)).toBe(true);
  });

  it('keeps places still in line below the registrations', async () => {
    renderPage([makeWaitlistEntry(chess, { place: 2 })]);
    const place = await screen.findByText('Number 2 in line');
    const empty = await screen.findByRole('heading', { name: 'No Registrations Yet' });
    expect(precedes(empty, place)).toBe(true);
  });
});
