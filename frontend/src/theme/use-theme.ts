import { useCallback, useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { applyTheme } from './theme';
import { selectTheme, themeToggled } from './theme-slice';

export function useTheme() {
  const theme = useSelector(selectTheme);
  const dispatch = useDispatch();
  const toggleTheme = useCallback(() => dispatch(themeToggled()), [dispatch]);
  return { theme, toggleTheme };
}

/** Keeps the document and storage in step with the store's theme; mounted once, by the app. */
export function useThemeOnDocument(): void {
  const theme = useSelector(selectTheme);
  useEffect(() => applyTheme(theme), [theme]);
}
