/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroups } from './vite/chunk-groups.ts';
import { precompressPlugin } from './vite/precompress.ts';
import { reactRouterPurePlugin } from './vite/react-router-pure.ts';

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
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups() } } },
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
