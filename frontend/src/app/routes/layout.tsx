import { useRef } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { NavBar } from '../../components/NavBar';
import { PRODUCT_NAME } from '../../config/product';
import { AccountNav } from '../../features/auth/AccountNav';
import { RegistrationOpeningProvider } from '../../features/events/registration-opening';
import { useGetFestivalQuery } from '../../features/festival/festival-api';
import { NotificationBell } from '../../features/invites/NotificationBell';
import { useFocusOnNavigation } from '../../lib/use-focus-on-navigation';
import { homePathOf } from '../../session/home-path';
import { useLoadSession, useSession } from '../../session/use-session';
import { useTheme } from '../../theme/use-theme';
import { ToastRegion } from '../../toasts/ToastRegion';

export function AppLayout() {
  const { theme, toggleTheme } = useTheme();
  useLoadSession();
  const { user } = useSession();
  const { data: festival } = useGetFestivalQuery();
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar theme={theme} onToggleTheme={toggleTheme} account={<AccountNav />} notifications={<NotificationBell />} homePath={homePathOf(user)} />
      <main ref={main} id="main" tabIndex={-1}>
        <RegistrationOpeningProvider opensAt={festival?.registrationOpensAt}>
          <Outlet />
        </RegistrationOpeningProvider>
      </main>
      <footer className="footer">
        <p>{PRODUCT_NAME} · the campus festival&apos;s events and registrations</p>
      </footer>
      <ToastRegion />
      <ScrollRestoration />
    </>
  );
}
