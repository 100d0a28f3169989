import { lazy, type ComponentType } from 'react';

/**
 * A component whose code is fetched on first render (inside a Suspense boundary), so it stays out
 * of the home page's script. `preload()` fetches it earlier, when the visitor shows the intent to
 * open it, so it usually appears at once.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  return Object.assign(
    lazy(async () => ({ default: await load() })),
    { preload: () => void load() },
  );
}
