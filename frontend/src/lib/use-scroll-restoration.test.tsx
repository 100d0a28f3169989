import { act, screen } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { useScrollRestoration } from './use-scroll-restoration';

function Layout() {
  useScrollRestoration();
  return <Outlet />;
}

const routes = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <h1>Home</h1> },
      { path: '/event', element: <h1 id="top-of-event">Event</h1> },
    ],
  },
];

/** The page as scrolled by the visitor: jsdom does no layout, so the position is set by hand. */
function scrollBy(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('scroll restoration', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  });

  it('opens a new page at the top and brings Back to where the page was left', async () => {
    const { router } = renderRoutes(routes, { route: '/' });
    await screen.findByRole('heading', { name: 'Home' });
    scrollBy(640);
    await act(() => router.navigate('/event'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollBy(80);
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
    await act(() => router.navigate(1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 80);
  });

  it('keeps the place when only the query changes', async () => {
    const { router } = renderRoutes(routes, { route: '/' });
    await screen.findByRole('heading', { name: 'Home' });
    scrollBy(640);
    scrollTo.mockClear();
    await act(() => router.navigate('/?search=chess', { replace: true }));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("goes to the element a page's fragment names", async () => {
    const { router } = renderRoutes(routes, { route: '/' });
    await screen.findByRole('heading', { name: 'Home' });
    scrollTo.mockClear();
    await act(() => router.navigate('/event#top-of-event'));
    expect(screen.getByRole('heading', { name: 'Event' }).scrollIntoView).toHaveBeenCalled();
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
