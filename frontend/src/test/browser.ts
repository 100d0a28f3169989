import { onTestFinished, vi } from 'vitest';

interface SystemPreferences {
  darkScheme?: boolean;
  reducedMotion?: boolean;
}

/** jsdom has no matchMedia: answer the two media queries the client asks about. */
export function setSystemPreferences({ darkScheme = false, reducedMotion = false }: SystemPreferences): void {
  const answers: Record<string, boolean> = {
    '(prefers-color-scheme: dark)': darkScheme,
    '(prefers-reduced-motion: reduce)': reducedMotion,
  };
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: answers[query] ?? false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

/** A stand-in for a home-page section, the target of a section link's scroll. */
export function addSection(id: string): HTMLElement {
  const section = document.body.appendChild(Object.assign(document.createElement('section'), { id }));
  onTestFinished(() => section.remove());
  return section;
}

/** The cookie a sign-in leaves in the browser, which tells the client to load the user. */
export function setSignedInHint(): void {
  document.cookie = 'fest_signed_in=1; Path=/';
}

/** jsdom has no ResizeObserver and lays nothing out: a chart sized by one gets no size and draws nothing. */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
