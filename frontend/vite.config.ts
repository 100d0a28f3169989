/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './vite/precompress.ts';
import { reactRouterPurePlugin } from './vite/react-router-pure.ts';

/** The packages every page needs, React and the router and the store with their own dependencies. */
const HOME_LIBRARIES =
  /node_modules\/(react|react-dom|react-is|scheduler|react-router|react-router-dom|react-redux|@reduxjs\/toolkit|redux|redux-thunk|reselect|immer|use-sync-external-store|cookie|set-cookie-parser)\//;

/** The chunks index.html loads before the app starts (the libraries, the shared core, the bundler's runtime). */
const LOADED_AT_START = /^assets\/(vendor|core|rolldown-runtime)-/;

/** The API in development (`npm run dev`); in production it serves this client itself. */
const DEV_API = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), reactRouterPurePlugin(), precompressPlugin()],
  server: {
    proxy: {
      '/api': {
        target: DEV_API,
        // The server takes state-changing requests only from its own origin (PUBLIC_URL); in
        // development these pages stand in for it, so their requests carry its origin.
        configure: (proxy) => proxy.on('proxyReq', (request) => request.getHeader('origin') && request.setHeader('origin', DEV_API)),
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each entry and route loads (scripts/client-budget.mjs).
    manifest: true,
    modulePreload: {
      // Every browser the app supports preloads modules itself; the polyfill is 0.4 kB gzip of the home page.
      polyfill: false,
      // A lazily loaded page's list of files to fetch with it, which the home page's script carries
      // for every route: the files index.html loads at start are there already.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? deps.filter((dep) => !LOADED_AT_START.test(dep)) : deps),
    },
    // The libraries in a chunk of their own: it changes only when they do, so browsers keep it
    // across deploys of the app's own code.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Only the libraries the home page runs: a library that only a lazily loaded page uses
            // (charts, drag and drop, QR codes) stays in that page's chunk, off the home budget.
            { name: 'vendor', test: HOME_LIBRARIES },
            // The home page's modules that lazily loaded pages use too and that have side effects
            // (the API, the session's endpoints, a stylesheet) would each be a file of its own, each
            // a request and a gzip frame against the home page's budget: one file instead.
            { name: 'core', test: /src\/(api\/base-api|session\/session-api|components\/(StatusPanel|Alert))\./ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    // Browser journeys (Playwright) live outside src and must not be collected here.
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // The files share one page and module registry instead of each building its own: the suite
    // took 215 s of CPU isolated and 52 s shared. src/test/setup.ts empties the page, the store's
    // persisted state and the timers after every test, so no file sees another's leftovers (the
    // suite passes with its files in any order: --sequence.shuffle.files).
    isolate: false,
    // A form test types a few hundred keystrokes; on a busy two-core machine that alone can pass
    // the default 5 s. Tests wait for what they assert; this only bounds a test that hangs.
    testTimeout: 20_000,
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
  },
});
