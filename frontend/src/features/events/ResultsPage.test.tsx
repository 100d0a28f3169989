import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventResults } from '../../api/types';
import { jsonResponse, stubApi } from '../../test/fake-fetch';
import { makeEvent, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { EventDetailPage } from './EventDetailPage';
import { ResultsPage } from './ResultsPage';

const event = makeEvent({ name: 'Robo Race', event_type: 'group', clubInCharge: 'Tech Club', eventDate: '2025-08-30T04:30:00.000Z' });
const eventUrl = `/api/v1/events/${event._id}`;
const resultsUrl = `${eventUrl}/results`;

const results: EventResults = {
  event: { _id: event._id, name: 'Robo Race', clubInCharge: 'Tech Club', eventDate: event.eventDate },
  confirmedAt: '2025-08-30T12:30:00.000Z',
  winners: [
    { place: 1, name: 'Asha Rao', teamName: 'Byte Force', members: ['Asha Rao', 'Ravi Kumar'], dept: 'IT' },
    { place: 2, name: 'Chitra Das', teamName: 'Null Pointers', members: ['Chitra Das'], dept: 'CSE' },
  ],
};

function renderResults(answer: () => Response, eventAnswer = () => jsonResponse({ success: true, event })) {
  stubApi({ [eventUrl]: eventAnswer, [resultsUrl]: answer });
  return renderWithProviders(<ResultsPage />, { path: '/events/:eventId/results', route: `/events/${event._id}/results`, preloadedState: sessionOf(null) });
}

describe('the results page', () => {
  it('lists the places, first place first, with team names and members', async () => {
    renderResults(() => jsonResponse({ success: true, results }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Robo Race' })).toBeInTheDocument();
    expect(screen.getByText('Results · Tech Club')).toBeInTheDocument();
    expect(screen.getByText('Winners confirmed on 30 Aug 2025, 6:00 pm.')).toBeInTheDocument();
    const places = within(screen.getByRole('list', { name: 'Winners of Robo Race' })).getAllByRole('listitem');
    expect(places.map((place) => place.textContent)).toEqual(['1First place: Byte ForceAsha Rao, Ravi Kumar', '2Second place: Null PointersChitra Das']);
    expect(screen.getByRole('link', { name: '← Back to the event' })).toHaveAttribute('href', `/event/${event._id}?slug=robo-race`);
  });

  it('says the results are not announced yet while no winners are confirmed', async () => {
    renderResults(() => jsonResponse({ success: false, message: 'Results are not published yet' }, 404));
    expect(await screen.findByRole('heading', { level: 1, name: 'Results not announced yet' })).toBeInTheDocument();
    expect(screen.getByText('The winners of Robo Race will appear here once its club confirms them.')).toBeInTheDocument();
  });

  it('says the event is not found', async () => {
    renderResults(
      () => jsonResponse({ success: false, message: 'Event not found' }, 404),
      () => jsonResponse({ success: false, message: 'Event not found' }, 404),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Event not found' })).toBeInTheDocument();
  });

  it('offers Try Again when the results cannot be loaded', async () => {
    renderResults(() => jsonResponse({ success: false, message: 'Database unavailable' }, 503));
    expect(await screen.findByRole('heading', { level: 1, name: 'Failed to load the results' })).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeEnabled();
  });
});

describe("the event page's link to the results", () => {
  it('appears once the winners are confirmed', async () => {
    stubApi({ [eventUrl]: () => jsonResponse({ success: true, event }), [resultsUrl]: () => jsonResponse({ success: true, results }) });
    renderWithProviders(<EventDetailPage />, { path: '/event/:eventId', route: `/event/${event._id}`, preloadedState: sessionOf(null) });
    expect(await screen.findByRole('link', { name: 'See the winners' })).toHaveAttribute('href', `/events/${event._id}/results`);
  });

  it('is not there, and not asked for, before the event day', async () => {
    const upcoming = makeEvent({ name: 'Future Fest', eventDate: '2999-01-01T04:30:00.000Z' });
    const fetchMock = stubApi({ [`/api/v1/events/${upcoming._id}`]: () => jsonResponse({ success: true, event: upcoming }) });
    renderWithProviders(<EventDetailPage />, { path: '/event/:eventId', route: `/event/${upcoming._id}`, preloadedState: sessionOf(null) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Future Fest' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'See the winners' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([request]) => (request as Request).url.endsWith('/results'))).toBe(false);
  });
});
