import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addSection } from '../test/browser';
import { renderWithProviders } from '../test/render';
import { Link } from './Link';
import { NavBar } from './NavBar';

const account = <Link to="/auth/signin">Sign In</Link>;
const renderNav = (route = '/') => renderWithProviders(<NavBar theme="light" onToggleTheme={() => {}} account={account} />, { route });
const menuButton = () => screen.getByRole('button', { name: 'Menu' });

describe('navigation bar', () => {
  it('links its title home and ends its menu with the account area it is given', () => {
    renderNav();
    expect(screen.getByRole('link', { name: 'FestHub' })).toHaveAttribute('href', '/');
    expect(screen.getAllByRole('listitem').at(-1)).toContainElement(screen.getByRole('link', { name: 'Sign In' }));
  });

  it("leads an admin's brand to the dashboard, without the home page's Events and About", () => {
    renderWithProviders(<NavBar theme="light" onToggleTheme={() => {}} account={account} homePath="/super-admin/dashboard" />, {
      route: '/super-admin/dashboard',
    });
    expect(screen.getByRole('link', { name: 'FestHub' })).toHaveAttribute('href', '/super-admin/dashboard');
    expect(screen.queryByRole('link', { name: 'Events' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'About' })).not.toBeInTheDocument();
  });

  it('closes the menu on a press outside the bar', async () => {
    const { user } = renderNav();
    await user.click(menuButton());
    await user.click(document.body);
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('scrolls to a home-page section when already home', async () => {
    const section = addSection('about');
    const { user } = renderNav();
    await user.click(screen.getByRole('link', { name: 'About' }));
    // On the next frame, once the menu the link may sit in has closed.
    await waitFor(() => expect(section.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' }));
  });

  it('goes home first from another page, then scrolls after 100 ms', async () => {
    const section = addSection('events');
    const { router } = renderNav('/event/abc');
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('link', { name: 'Events' }));
    expect(router.state.location.pathname).toBe('/');
    expect(section.scrollIntoView).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTime(100));
    expect(section.scrollIntoView).toHaveBeenCalledOnce();
  });

  it('opens and closes the mobile menu, reporting its state', async () => {
    const { user } = renderNav();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('list')).toHaveAttribute('data-open', 'true');
    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the menu on Escape and gives focus back to its button', async () => {
    const { user } = renderNav();
    await user.click(menuButton());
    await user.tab();
    await user.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
  });

  it('closes the menu when the visitor navigates', async () => {
    const { user, router } = renderNav();
    await user.click(menuButton());
    await user.click(screen.getByRole('link', { name: 'Sign In' }));
    expect(router.state.location.pathname).toBe('/auth/signin');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });
});
