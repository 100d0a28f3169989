import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppLayout } from '../app/routes/layout';
import { setSystemPreferences } from '../test/browser';
import { renderWithProviders } from '../test/render';

const renderApp = () => renderWithProviders(<AppLayout />);
const shownTheme = () => document.documentElement.getAttribute('data-theme');

describe('theme', () => {
  it('starts from the stored theme, whatever the system prefers', () => {
    localStorage.setItem('theme', 'light');
    setSystemPreferences({ darkScheme: true });
    renderApp();
    expect(shownTheme()).toBe('light');
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
  });

  it('starts dark when nothing is stored and the system prefers dark', () => {
    setSystemPreferences({ darkScheme: true });
    renderApp();
    expect(shownTheme()).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('starts light when nothing is stored and the system has no dark preference', () => {
    renderApp();
    expect(shownTheme()).toBe('light');
  });

  it('ignores a stored value that is not a theme', () => {
    localStorage.setItem('theme', 'sepia');
    setSystemPreferences({ darkScheme: true });
    renderApp();
    expect(shownTheme()).toBe('dark');
  });

  it('toggles between light and dark, showing and storing each change', async () => {
    localStorage.setItem('theme', 'light');
    const { user } = renderApp();
    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(shownTheme()).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(shownTheme()).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });
});
