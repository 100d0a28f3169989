// The door keeps its list in IndexedDB, which jsdom lacks: an in-memory one, as a browser's would behave.
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setFestivalTimeZone, ZONE_UNTIL_SETTINGS } from '../lib/festival-zone';
import { forgetSignedInHint } from '../session/signed-in-hint';
import { setSystemPreferences } from './browser';
import { stopStores } from './stores';

// findBy… and waitFor wait up to 15 s instead of 1 s: a page, menu or dialog loads its code on first
// use, and on a two-core machine running the API suites beside this one, transforming that module
// (the winners board and its drag-and-drop library) once took longer than 5 s. A test still goes
// on as soon as what it waits for is there.
configure({ asyncUtilTimeout: 15_000 });

// Also before any test module loads: the store's slices read the theme preference when combined.
setSystemPreferences({});

beforeEach(() => {
  setSystemPreferences({});
  // Animation frames on the test's timers, as jsdom's own are: but fresh for each test. jsdom's
  // frame loop, once started on a fake timer that a test then dropped, never runs again, and the
  // test files share one page (isolate is off, see vite.config.ts). The frames name the global
  // timers, not the page's: a store's half-second subscription timer, left by the last test of a
  // worker, can ask for a frame after vitest has taken the page (and `window`) away.
  window.requestAnimationFrame = (callback) => setTimeout(() => callback(performance.now()), 16) as unknown as number;
  window.cancelAnimationFrame = (handle) => clearTimeout(handle);
  // jsdom does no layout, so it has no scrolling.
  Element.prototype.scrollIntoView = vi.fn();
  window.scrollTo = () => {};
});

afterEach(() => {
  cleanup();
  stopStores();
  // What a test put on the page outside React (a section to scroll to, a portal's root) goes too:
  // the test files share one page (vitest's isolate is off, see vite.config.ts).
  document.body.replaceChildren();
  vi.useRealTimers();
  localStorage.clear();
  forgetSignedInHint();
  document.documentElement.removeAttribute('data-theme');
  // A festival in another zone, loaded by a test's layout or set by a test, would move the dates of
  // every test after it: the files share one module registry (isolate is off).
  setFestivalTimeZone(ZONE_UNTIL_SETTINGS);
});
