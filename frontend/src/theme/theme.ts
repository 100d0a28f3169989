export type Theme = 'light' | 'dark';

const THEME_STORAGE_KEY = 'theme';

function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    // Storage can be blocked (private modes, strict cookie settings); the system preference still works.
    return null;
  }
}

/** The stored choice, else the system's preference. index.html's inline script mirrors this before first paint. */
export function readInitialTheme(): Theme {
  return storedTheme() ?? (window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
}

/** Shows and remembers a theme. */
export function applyTheme(theme: Theme): void {
  document.documentElement.setAttribute('data-theme', theme);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not remembered across visits, but still shown.
  }
}
