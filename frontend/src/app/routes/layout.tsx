import { Suspense, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { NavBar } from '../../components/NavBar';
import { Spinner } from '../../components/Spinner';
import { eventsHeadingId, paths } from '../../config/paths';
import { PRODUCT_NAME } from '../../config/product';
import { AccountNav } from '../../features/auth/AccountNav';
import { RegistrationOpeningProvider } from '../../features/events/registration-opening';
import { useGetFestivalQuery } from '../../features/festival/festival-api';
import { NotificationBell } from '../../features/invites/NotificationBell';
import { festivalTimeZone, setFestivalTimeZone } from '../../lib/festival-zone';
import { useFocusOnNavigation } from '../../lib/use-focus-on-navigation';
import { useScrollRestoration } from '../../lib/use-scroll-restoration';
import { homePathOf } from '../../session/home-path';
import { useLoadSession, useSession } from '../../session/use-session';
import { useTheme } from '../../theme/use-theme';
import { ToastRegion } from '../../toasts/ToastRegion';

export function AppLayout() {
  const { theme, toggleTheme } = useTheme();
  useLoadSession();
  const { user } = useSession();
  const { data: festival } = useGetFestivalQuery();
  // Set while rendering, so the pages below format their first render in the festival's zone.
  if (festival) setFestivalTimeZone(festival.timeZone);
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useFocusOnNavigation(main);
  useScrollRestoration();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* Past the hero's buttons to the cards, the home page's reason to be. */}
      {pathname === paths.home && (
        <a className="skip-link" href={`#${eventsHeadingId}`}>
          Skip to events
        </a>
      )}
      <NavBar
        theme={theme}
        onToggleTheme={toggleTheme}
        account={<AccountNav />}
        notifications={<NotificationBell />}
        homePath={homePathOf(user)}
        messages={<ToastRegion />}
      />
      <main ref={main} id="main" tabIndex={-1}>
        <RegistrationOpeningProvider opensAt={festival?.registrationOpensAt}>
          {/* A page opened for the first time waits for its code here; moves between pages keep
              the old page on screen until the new one is ready (the router renders them as
              transitions), so this shows on a first load only. Keyed on the festival's time zone:
              pages write their dates as they render, so a page drawn in another zone (before the
              festival loaded, or before a super admin saved a new one) is drawn again in this one. */}
          <Suspense key={festivalTimeZone()} fallback={<Spinner label="Loading the page…" delayed page />}>
            <Outlet />
          </Suspense>
        </RegistrationOpeningProvider>
      </main>
      <footer className="footer">
        <p>{PRODUCT_NAME} · the campus festival&apos;s events and registrations</p>
      </footer>
    </>
  );
}
