import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionUser, FestEvent } from '../../api/types';
import { clubAdmin, makeEvent, makeUser, sessionOf, superAdmin } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { EventCard } from './EventCard';

const now = Date.parse('2026-12-01T00:00:00Z');
const student = makeUser();

function renderCard(event: FestEvent, viewer: SessionUser | null = student) {
  return renderWithProviders(<EventCard event={event} now={now} />, { preloadedState: sessionOf(viewer) });
}

const action = () => screen.getByRole('article').querySelector('.event-card__action')!;
const full = { maxApplications: 10, actualSeatsTaken: 10 };

describe('event card registration state', () => {
  it.each<[string, Partial<FestEvent>]>([
    ['the server says so', { isRegistered: true }],
    ["an application is the user's", { applications: [{ userId: student._id, appliedAt: '2026-11-20T10:00:00Z' }] }],
    ["a populated application is the user's", { applications: [{ userId: { _id: student._id }, appliedAt: '2026-11-20T10:00:00Z' }] }],
  ])('shows "✓ Registered" when %s, even on a full event', (_case, overrides) => {
    renderCard(makeEvent({ ...full, ...overrides }));
    expect(action()).toHaveTextContent('✓ Registered');
    expect(within(action() as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
  });

  it("ignores another student's application", () => {
    renderCard(makeEvent({ applications: [{ userId: 'someone-else', appliedAt: '2026-11-20T10:00:00Z' }] }));
    expect(screen.getByRole('button', { name: /^Register for/ })).toBeInTheDocument();
  });

  it.each([
    ['a club admin', clubAdmin()],
    ['the super admin', superAdmin()],
  ])('shows "Admin Account" to %s, before "Registration Full"', (_who, admin) => {
    renderCard(makeEvent(full), admin);
    expect(action()).toHaveTextContent('Admin Account');
  });

  it('shows "Registration Full", then "Registration Closed", else Register', () => {
    const { unmount } = renderCard(makeEvent({ ...full, isActive: false }));
    expect(action()).toHaveTextContent('Registration Full');
    unmount();
    renderCard(makeEvent({ isActive: false }));
    expect(action()).toHaveTextContent('Registration Closed');
  });
});

describe('event card Register', () => {
  it('sends a visitor to sign-in, to come back afterwards', async () => {
    const { user, router } = renderCard(makeEvent({ name: 'Chess Blitz' }), null);
    await user.click(screen.getByRole('button', { name: 'Register for Chess Blitz' }));
    expect(router.state.location.pathname).toBe('/auth/signin');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/' } });
  });

  it('asks a student to confirm a solo event in a modal', async () => {
    const { user, router } = renderCard(makeEvent({ name: 'Chess Blitz' }));
    await user.click(screen.getByRole('button', { name: 'Register for Chess Blitz' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm Registration' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it("opens a group event's page, where teams are formed", async () => {
    const event = makeEvent({ name: 'Robo Race', event_type: 'group' });
    const { user, router } = renderCard(event);
    await user.click(screen.getByRole('button', { name: 'Register for Robo Race' }));
    expect(router.state.location.pathname).toBe(`/event/${event._id}`);
    expect(router.state.location.search).toBe('?slug=robo-race');
  });

  it('sends other event types to the event-registration page', async () => {
    const event = makeEvent({ name: 'Resume Workshop', event_type: 'workshop' });
    const { user, router } = renderCard(event);
    await user.click(screen.getByRole('button', { name: 'Register for Resume Workshop' }));
    expect(router.state.location.pathname).toBe('/event-registration');
    expect(router.state.location.search).toBe(`?eventId=${event._id}`);
  });
});
