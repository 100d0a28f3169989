// Runs before the first paint so a dark-theme visitor never sees a white flash.
// Mirrors readInitialTheme() in src/features/theme/theme.ts, which takes over once React starts.
(function () {
  var theme;
  try {
    theme = localStorage.getItem('theme');
  } catch {
    theme = null;
  }
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.setAttribute('data-theme', theme);
})();
