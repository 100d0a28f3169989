import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../api/base-api';
import { sessionSlice } from '../session/session-slice';
import { themeSlice } from '../theme/theme-slice';
import { toastsSlice } from '../toasts/toasts-slice';

const rootReducer = combineSlices(baseApi, themeSlice, toastsSlice, sessionSlice);

export type RootState = ReturnType<typeof rootReducer>;

/** One store per app start, and one per test, so no state leaks between them. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
