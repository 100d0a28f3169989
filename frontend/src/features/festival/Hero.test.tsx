import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Festival } from '../../api/types';
import { jsonResponse, stubApi } from '../../test/fake-fetch';
import { makeFestival, makeUser, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ToastRegion } from '../../toasts/ToastRegion';
import { Hero } from './Hero';

function renderHero(preloadedState = sessionOf(null), overrides: Partial<Festival> = {}) {
  stubApi({ '/api/v1/festival': () => jsonResponse({ success: true, festival: makeFestival(overrides) }) });
  return renderWithProviders(
    <>
      <Hero />
      <section id="events" />
      <ToastRegion />
    </>,
    { preloadedState },
  );
}

describe('hero', () => {
  it('states the festival facts and counts down to the festival', async () => {
    renderHero();
    expect(await screen.findByText('24 events')).toBeInTheDocument();
    expect(screen.getByText('Campus Festival 2026')).toBeInTheDocument();
    expect(screen.getByText('Sunday, 20 December 2026')).toBeInTheDocument();
    expect(screen.getByText('1 Dec 2026')).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Time until the festival' })).toBeInTheDocument();
  });

  it("says the festival's own name and tagline, and its first and last days when it runs over several", async () => {
    renderHero(sessionOf(null), { name: 'Techfest 2026', tagline: 'Three days of clubs.', lastDay: '2026-12-22', festivalEndsAt: '2026-12-22T18:30:00.000Z' });
    expect(await screen.findByText('Techfest 2026')).toBeInTheDocument();
    expect(screen.getByText('Three days of clubs.')).toBeInTheDocument();
    expect(screen.getByText('festival days').previousElementSibling).toHaveTextContent('20 Dec 2026 – 22 Dec 2026');
  });

  it('asks a signed-out visitor who wants to enroll to log in first', async () => {
    const { user, router } = renderHero();
    await user.click(screen.getByRole('button', { name: 'Enroll Now' }));
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(within(notifications).getByRole('listitem')).toHaveTextContent('Information: Please login to enroll in events');
    expect(router.state.location.pathname).toBe('/auth/signin');
  });

  it('sends Get Started to sign-up', async () => {
    const { user, router } = renderHero();
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(router.state.location.pathname).toBe('/auth/signup');
  });

  it('scrolls a signed-in, verified student to the events, without Get Started', async () => {
    const { user, router } = renderHero(sessionOf(makeUser()));
    await user.click(screen.getByRole('button', { name: 'Enroll Now' }));
    expect(document.getElementById('events')!.scrollIntoView).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('button', { name: 'Get Started' })).not.toBeInTheDocument();
  });

  it('says the festival is over once its day has passed, with no countdown and no Enroll Now', async () => {
    const { container } = renderHero(sessionOf(makeUser()), {
      firstDay: '2020-01-10',
      lastDay: '2020-01-10',
      festivalDate: '2020-01-09T18:30:00.000Z',
      festivalEndsAt: '2020-01-10T18:30:00.000Z',
      registrationOpensAt: '2020-01-01T03:30:00.000Z',
    });
    expect(await screen.findByText('The festival is over')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enroll Now' })).not.toBeInTheDocument();
    expect(container).not.toHaveTextContent('starts in');
  });
});
