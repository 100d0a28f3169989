import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { lazyComponent } from '../components/lazy-component';
import { WaitlistViewsProvider, type WaitlistViews } from '../components/WaitlistViews';
import { useThemeOnDocument } from '../theme/use-theme';
import type { AppStore } from './store';

// Drawn only on a full event or in the bell, for students: their code (one chunk) loads then.
const waitlistViews = async () => (await import('../features/waitlist/views')).waitlistViews;
const lazyWaitlistViews: WaitlistViews = {
  EventPlace: lazyComponent(async () => (await waitlistViews()).EventPlace),
  TeamPlace: lazyComponent(async () => (await waitlistViews()).TeamPlace),
  OfferNotifications: lazyComponent(async () => (await waitlistViews()).OfferNotifications),
};

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeOnDocument />
      <WaitlistViewsProvider value={lazyWaitlistViews}>{children}</WaitlistViewsProvider>
    </Provider>
  );
}

function ThemeOnDocument() {
  useThemeOnDocument();
  return null;
}
