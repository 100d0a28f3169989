import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { forgetSignedInHint } from '../session/signed-in-hint';
import { setSystemPreferences } from './browser';

// Also before any test module loads: the store's slices read the theme preference when combined.
setSystemPreferences({});

beforeEach(() => {
  setSystemPreferences({});
  // jsdom does no layout, so it has no scrolling.
  Element.prototype.scrollIntoView = vi.fn();
  window.scrollTo = () => {};
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
  forgetSignedInHint();
  document.documentElement.removeAttribute('data-theme');
});
