import type { Rolldown } from 'vite';

/** The packages every page needs, React and the router and the store with their own dependencies. */
const HOME_LIBRARIES =
  /node_modules\/(react|react-dom|react-is|scheduler|react-router|react-router-dom|react-redux|@reduxjs\/toolkit|redux|redux-thunk|reselect|immer|use-sync-external-store|cookie|set-cookie-parser)\//;
/** index.html's script. */
const ENTRY_MODULE = '/src/main.tsx';
const isAppModule = (id: string) => id.includes('/src/') && !id.includes('/node_modules/');

/**
 * The chunks, few per page: on a phone each request waits its turn for one of the browser's six
 * connections, and a round trip there takes 150 ms. Left to the bundler, every set of pages that
 * shares a module got a file of its own (50 files, some under 100 bytes): the home page fetched 7
 * scripts and 3 stylesheets, and an event page 11 scripts and 5 stylesheets more.
 * - `vendor`: only the libraries the home page runs; a library that only a lazily loaded page uses
 *   (charts, drag and drop, QR codes) stays in that page's chunk, off the home budget. It changes
 *   only when they do, so browsers keep it across deploys of the app's own code.
 * - `core`: the app's modules the home page runs, but index.html's own script.
 * - `pages`: the modules two or more lazily loaded pages share (forms, dialogs, the registration
 *   notice...), about 12 kB gzip: an event page gets some it does not use, for one request where it
 *   made 11.
 * A module one page alone uses stays in that page's chunk.
 */
export function chunkGroups(): Rolldown.CodeSplittingGroup[] {
  return [
    { name: 'vendor', test: HOME_LIBRARIES, priority: 3 },
    // Groups are filled by priority, each taking along what its modules import: the libraries
    // first, then the home page's modules, so none of them goes to `pages`. The entry module stays
    // in index.html's own chunk.
    { name: 'core', tags: ['$initial'], test: (id) => isAppModule(id) && !id.endsWith(ENTRY_MODULE), priority: 2 },
    { name: 'pages', test: isAppModule, minShareCount: 2, priority: 1 },
  ];
}
