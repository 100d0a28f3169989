import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { makeStore, type RootState } from '../app/store';
import { keepStore } from './stores';

interface RoutesOptions {
  preloadedState?: Partial<RootState>;
  /** The address the app starts at. */
  route?: string;
  /** The history entry's state there, as a page that navigated to it with state leaves it. */
  state?: unknown;
  /** Renders inside React's StrictMode, as the app does, to catch effects that run twice. */
  strict?: boolean;
}

interface RenderOptions extends RoutesOptions {
  /** The route pattern `ui` is mounted under, for pages that read params. */
  path?: string;
}

/** Renders `ui` with the real store factory and providers, in a memory router whose location tests can read. */
export function renderWithProviders(ui: ReactElement, { path = '*', ...options }: RenderOptions = {}) {
  return renderRoutes(
    [
      { path, element: ui },
      { path: '*', element: null },
    ],
    options,
  );
}

/** Renders a route table (guards, redirects between pages) with the real store and providers. */
export function renderRoutes(routes: RouteObject[], { preloadedState, route = '/', state, strict = false }: RoutesOptions = {}) {
  const store = makeStore(preloadedState);
  keepStore(store);
  const router = createMemoryRouter(routes, { initialEntries: [state === undefined ? route : { pathname: route, state }] });
  const app = (
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  // Typing and clicking wait on timers; under fake timers those have to be moved on too.
  const user = userEvent.setup({ advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined) });
  return { ...view, store, router, user };
}
