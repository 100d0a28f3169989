import { createSlice } from '@reduxjs/toolkit';
import { readInitialTheme, type Theme } from './theme';

export const themeSlice = createSlice({
  name: 'theme',
  // Lazy: read when a store is made, so each store (and test) sees the current storage.
  initialState: (): Theme => readInitialTheme(),
  reducers: {
    themeToggled: (theme): Theme => (theme === 'dark' ? 'light' : 'dark'),
  },
  selectors: {
    selectTheme: (theme) => theme,
  },
});

export const { themeToggled } = themeSlice.actions;
export const { selectTheme } = themeSlice.selectors;
