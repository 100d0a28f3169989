import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Edition, EventResults } from '../../api/types';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ArchivePage } from './ArchivePage';

const current: Edition = { id: 3, name: 'Campus Festival 2027', firstDay: '2027-02-20', lastDay: '2027-02-21', open: true, closedAt: null };
const lastYear: Edition = {
  id: 2,
  name: 'Campus Festival 2026',
  firstDay: '2026-02-20',
  lastDay: '2026-02-21',
  open: false,
  closedAt: '2026-03-01T04:30:00.000Z',
};
const firstYear: Edition = { id: 1, name: 'Campus Festival', firstDay: '2025-08-30', lastDay: '2025-08-30', open: false, closedAt: '2025-09-02T04:30:00.000Z' };

const quiz: EventResults = {
  event: { _id: '00000000-0000-4000-8000-000000000001', name: 'Quiz', clubInCharge: 'Tech Club', eventDate: '2026-02-20T04:30:00.000Z' },
  confirmedAt: '2026-02-20T12:30:00.000Z',
  winners: [{ place: 1, name: 'Asha Verma', teamName: null, members: null, dept: 'CSE' }],
};

function renderArchive(editions: Edition[], results: Record<number, EventResults[]> = {}, route = '/results') {
  const answers = Object.fromEntries(
    editions.map((edition) => [
      `/api/v1/festival/editions/${edition.id}/results`,
      () => jsonResponse({ success: true, edition, results: results[edition.id] ?? [] }),
    ]),
  );
  const fetchMock = stubApi({ '/api/v1/festival/editions': () => jsonResponse({ success: true, editions }), ...answers });
  return { fetchMock, ...renderWithProviders(<ArchivePage />, { path: '/results', route, preloadedState: sessionOf(null) }) };
}

describe('the results archive', () => {
  it("shows last year's winners first, and another year's when chosen", async () => {
    const { user, fetchMock } = renderArchive([current, lastYear, firstYear], { 2: [quiz] });
    expect(screen.getByRole('heading', { level: 1, name: 'Past Results' })).toBeInTheDocument();
    const year = await screen.findByRole('region', { name: 'Campus Festival 2026' });
    expect(within(year).getByText('20 Feb 2026 to 21 Feb 2026')).toBeInTheDocument();
    const places = within(await within(year).findByRole('list', { name: 'Winners of Quiz' })).getAllByRole('listitem');
    expect(places.map((place) => place.textContent)).toEqual(['1First place: Asha VermaCSE']);
    expect(within(year).getByText(/Tech Club/)).toHaveTextContent('Tech Club · 20 Feb 2026');
    // The festival under way is not in the archive.
    const choice = screen.getByRole('combobox', { name: 'Festival' });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Campus Festival 2026 (20 Feb 2026 to 21 Feb 2026)', 'Campus Festival (30 Aug 2025)']);
    expect(requestsTo(fetchMock, '/api/v1/festival/editions/3/results')).toHaveLength(0);

    await user.selectOptions(choice, 'Campus Festival (30 Aug 2025)');
    expect(await screen.findByText('No winners were announced at Campus Festival.')).toBeInTheDocument();
  });

  it('opens on the year the address names', async () => {
    renderArchive([current, lastYear, firstYear], {}, '/results?edition=1');
    expect(await screen.findByRole('region', { name: 'Campus Festival' })).toBeInTheDocument();
  });

  it('says there are no past festivals before the first one closes', async () => {
    renderArchive([current]);
    expect(await screen.findByRole('heading', { name: 'No past festivals yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/#events');
  });

  it('says when the archive cannot be loaded, and tries again', async () => {
    let calls = 0;
    stubApi({
      '/api/v1/festival/editions': () =>
        ++calls === 1 ? jsonResponse({ success: false, message: 'Service unavailable' }, 503) : jsonResponse({ success: true, editions: [current] }),
    });
    const { user } = renderWithProviders(<ArchivePage />, { path: '/results', route: '/results', preloadedState: sessionOf(null) });
    expect(await screen.findByRole('heading', { name: 'Failed to load past festivals' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'No past festivals yet' })).toBeInTheDocument();
  });
});
