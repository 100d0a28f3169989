// Apart from render.tsx, so setup.ts can stop the stores without loading the store's slices before
// it has set the browser's preferences they read.
import { baseApi } from '../api/base-api';
import type { AppStore } from '../app/store';

/** The stores of the test running. */
const stores = new Set<AppStore>();

export const keepStore = (store: AppStore) => stores.add(store);

/**
 * Stops what the test's stores would still do once it is over: RTK Query's timers (the sync of
 * subscriptions half a second on, a cache entry's removal a minute on) and requests in flight.
 * Left running, they fire during a later test and ask for an animation frame on its fake timers
 * (the test files share one page: vitest's isolate is off, see vite.config.ts).
 */
export function stopStores() {
  for (const store of stores) store.dispatch(baseApi.util.resetApiState());
  stores.clear();
}
