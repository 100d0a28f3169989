import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { useThemeOnDocument } from '../theme/use-theme';
import type { AppStore } from './store';

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeOnDocument />
      {children}
    </Provider>
  );
}

function ThemeOnDocument() {
  useThemeOnDocument();
  return null;
}
