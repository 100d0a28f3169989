import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../test/fake-fetch';
import { makeFestival } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { AppLayout } from './layout';
import { lazyPage } from './lazy-page';

function SchedulePage() {
  return <h1>Schedule</h1>;
}

describe('a page whose code did not arrive', () => {
  it('is reported in the page area with the navigation still there, and Try Again shows the page', async () => {
    // React reports the error it caught.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({
      '/api/v1/user/load': () => jsonResponse({ success: false, message: 'Please sign in to continue.' }, 401),
      '/api/v1/festival': () => jsonResponse({ success: true, festival: makeFestival() }),
    });
    const load = vi
      .fn(() => Promise.resolve({ SchedulePage }))
      .mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/schedule.js')));
    const { user } = renderRoutes([{ path: '/', element: <AppLayout />, children: [{ path: 'schedule', element: lazyPage(load, 'SchedulePage') }] }], {
      route: '/schedule',
    });

    const main = screen.getByRole('main');
    const report = await within(main).findByRole('alert');
    expect(within(report).getByRole('heading', { level: 1 })).toHaveTextContent('This page could not be loaded. Check your connection.');
    expect(within(screen.getByRole('banner')).getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();

    await user.click(within(report).getByRole('button', { name: 'Try Again' }));

    expect(await within(main).findByRole('heading', { level: 1, name: 'Schedule' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    // Try Again is gone and nothing had focus before: focus goes to the page's area.
    expect(main).toHaveFocus();
  });
});
