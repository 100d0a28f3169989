import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClubAdmins } from '../../api/types';
import { jsonResponse, stubApi } from '../../test/fake-fetch';
import { sessionOf, superAdmin } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AdminsByClubPage } from './AdminsByClubPage';

function renderClubs(answer: () => Response) {
  stubApi({ '/api/v1/admin/users/admins-by-club': answer });
  return renderWithProviders(<AdminsByClubPage />, { preloadedState: sessionOf(superAdmin()) });
}

const clubs: ClubAdmins[] = [
  {
    _id: 'Blue Sky Forum',
    count: 2,
    admins: [
      {
        _id: 'aaaaaaaa-0000-4000-8000-000000000031',
        name: 'Arun Kumar',
        email: 'bluesky.admin@campus.ac.in',
        dept: 'Staff',
        year: '0',
        createdAt: '2026-10-01T06:00:00.000Z',
        assignedEvent: { _id: '00000000-0000-4000-8000-000000000031', name: 'Paper Presentation' },
      },
      {
        _id: 'aaaaaaaa-0000-4000-8000-000000000032',
        name: 'Bhavana S',
        email: 'bhavana@campus.ac.in',
        dept: 'CSE',
        year: '3',
        createdAt: '2026-11-02T06:00:00.000Z',
        assignedEvent: null,
      },
    ],
  },
  {
    _id: 'Tech Club',
    count: 1,
    admins: [
      {
        _id: 'aaaaaaaa-0000-4000-8000-000000000002',
        name: 'Kavya Nair',
        email: 'kavya@campus.ac.in',
        dept: 'IT',
        year: '2',
        createdAt: '2026-10-05T06:00:00.000Z',
        assignedEvent: null,
      },
    ],
  },
];

describe('/admin/clubs', () => {
  it('shows each club with its count and each admin: initial, name, e-mail, department, year and joining date', async () => {
    renderClubs(() => jsonResponse({ success: true, adminsByClub: clubs }));
    expect(screen.getByRole('heading', { level: 1, name: 'Admins by Club' })).toBeInTheDocument();
    expect(screen.getByText(/^View all admin users organized by their respective clubs/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add, rename or retire clubs' })).toHaveAttribute('href', '/admin/clubs/manage');
    const blueSky = await screen.findByRole('region', { name: 'Blue Sky Forum' });
    expect(within(blueSky).getByText('2 admins')).toBeInTheDocument();
    const [arun, bhavana] = within(blueSky).getAllByRole('listitem');
    expect(arun).toHaveTextContent('AArun Kumarbluesky.admin@campus.ac.inStaffEvent: Paper PresentationJoined 1 Oct 2026');
    expect(bhavana).toHaveTextContent('BBhavana Sbhavana@campus.ac.inCSE · 3rd YearJoined 2 Nov 2026');
    expect(within(screen.getByRole('region', { name: 'Tech Club' })).getByText('1 admin')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Tech Club' })).getByText('IT · 2nd Year')).toBeInTheDocument();
  });

  it('says when no admin has a club', async () => {
    renderClubs(() => jsonResponse({ success: true, adminsByClub: [] }));
    expect(await screen.findByRole('heading', { name: 'No Club Admins Found' })).toBeInTheDocument();
    expect(screen.getByText('No admin users with club assignments found in the system.')).toBeInTheDocument();
  });

  it('says "Failed to fetch admins by club" with Try Again', async () => {
    renderClubs(() => jsonResponse({ success: false, message: 'Database unavailable' }, 503));
    expect(await screen.findByRole('heading', { name: 'Failed to fetch admins by club' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
