import type { ComponentType } from 'react';
import { lazyComponent } from '../../components/lazy-component';
import { LoadError } from '../../components/LoadError';

/** A page whose code did not arrive, reported in the page's area: the navigation stays, to go elsewhere. */
export function PageLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="page page--narrow">
      <LoadError title="This page could not be loaded. Check your connection." headingLevel={1} retrying={false} onRetry={onRetry} />
    </div>
  );
}

/**
 * A route's page, loaded on first visit so the home page's script stays small (the layout's
 * Suspense shows the wait). `wrap` adapts a page that needs props the app supplies.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K, wrap: (page: M[K]) => ComponentType = (page) => page as ComponentType) {
  const Page = lazyComponent(async () => wrap((await load())[name]), PageLoadFailed);
  return <Page />;
}
