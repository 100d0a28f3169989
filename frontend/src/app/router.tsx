import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { lazyComponent } from '../components/lazy-component';
import { paths } from '../config/paths';
import { HomePage } from './routes/home-page';
import { AppLayout } from './routes/layout';
import { lazyPage, PageLoadFailed } from './routes/lazy-page';
import { RouteErrorPage } from './routes/route-error-page';
import { withEmailDomain } from './routes/with-email-domain';

/** /event-registration?eventId=… is where cards send event types other than solo and group. */
function EventRegistrationRedirect() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: paths.enroll, search }} replace />;
}

/** The route guard, fetched with the first guarded page (while the session it checks loads). */
const RequireAuth = lazyComponent(async () => (await import('../session/RequireAuth')).RequireAuth, PageLoadFailed);

// Each page module's loader once: every import() call carries its own list of files to preload.
const adminPages = () => import('./routes/admin-pages');
const teamEventPages = () => import('./routes/team-event-pages');
const studentPages = () => import('./routes/student-pages');
const linkPages = () => import('./routes/link-pages');

const signIn = lazyPage(() => import('../features/auth/SignInPage'), 'SignInPage', withEmailDomain);

const guarded: RouteObject[] = [
  {
    element: <RequireAuth access="student" />,
    children: [{ path: paths.myRegistrations, element: lazyPage(studentPages, 'MyRegistrationsPage') }],
  },
  {
    element: <RequireAuth />,
    children: [
      // Every account's data and its deletion; a student's profile besides.
      { path: paths.profile, element: lazyPage(studentPages, 'ProfilePage') },
      { path: paths.register, element: lazyPage(teamEventPages, 'TeamRegisterPage') },
      // The dashboards send a signed-in user to the one of their role (admin-side §2) rather than deny them.
      { path: paths.adminDashboard, element: lazyPage(adminPages, 'AdminDashboardPage') },
      { path: paths.superAdminDashboard, element: lazyPage(adminPages, 'SuperAdminDashboardPage') },
    ],
  },
  {
    element: <RequireAuth access="admin" />,
    children: [
      { path: paths.adminEvents, element: lazyPage(adminPages, 'ManageEventsPage') },
      { path: paths.createEvent, element: lazyPage(adminPages, 'CreateEventPage') },
      { path: paths.editEvent, element: lazyPage(adminPages, 'EditEventPage') },
      { path: paths.adminScan, element: lazyPage(adminPages, 'ScanTicketsPage') },
    ],
  },
  {
    element: <RequireAuth access="superAdmin" deniedText="Only Super Admins can send admin invitations." />,
    children: [{ path: paths.adminInvite, element: lazyPage(adminPages, 'InviteAdminPage', withEmailDomain) }],
  },
  {
    element: <RequireAuth access="superAdmin" />,
    children: [
      { path: paths.adminClubs, element: lazyPage(adminPages, 'AdminsByClubPage') },
      { path: paths.adminAudit, element: lazyPage(adminPages, 'AuditPage') },
      { path: paths.adminPeople, element: lazyPage(adminPages, 'PeoplePage') },
      { path: paths.adminFestival, element: lazyPage(adminPages, 'FestivalSettingsPage') },
      { path: paths.nextFestival, element: lazyPage(adminPages, 'StartEditionPage') },
      { path: paths.manageClubs, element: lazyPage(adminPages, 'ClubsPage') },
    ],
  },
];

const accounts: RouteObject[] = [
  { path: paths.signIn, element: signIn },
  { path: paths.login, element: signIn },
  { path: paths.signUp, element: lazyPage(() => import('../features/auth/SignUpPage'), 'SignUpPage', withEmailDomain) },
  { path: paths.resetPasswordBase, element: <Navigate to={paths.signIn} replace /> },
  { path: paths.resetPassword, element: lazyPage(linkPages, 'ResetPasswordPage') },
  // Without a token the page says the link is invalid.
  { path: paths.verifyEmailBase, element: lazyPage(linkPages, 'VerifyEmailPage') },
  { path: paths.verifyEmail, element: lazyPage(linkPages, 'VerifyEmailPage') },
];

export const routes: RouteObject[] = [
  {
    path: paths.home,
    // What throws while rendering; a page whose code could not be loaded says so in the page's
    // area instead (routes/lazy-page.tsx).
    element: (
      <ErrorBoundary fallback={<RouteErrorPage />}>
        <AppLayout />
      </ErrorBoundary>
    ),
    children: [
      { index: true, element: <HomePage /> },
      { path: paths.event, element: lazyPage(teamEventPages, 'EventPage') },
      { path: paths.eventResults, element: lazyPage(teamEventPages, 'ResultsPage') },
      { path: paths.archive, element: lazyPage(teamEventPages, 'ArchivePage') },
      { path: paths.verifyCertificate, element: lazyPage(linkPages, 'VerifyCertificatePage') },
      { path: paths.privacy, element: lazyPage(linkPages, 'PrivacyPage') },
      // Public: a visitor's token is kept while they sign in (or sign up and verify first).
      { path: paths.invite, element: lazyPage(linkPages, 'InvitePage') },
      { path: paths.enroll, element: lazyPage(() => import('../features/events/EnrollPage'), 'EnrollPage') },
      // Public: the invited person has no account yet.
      { path: paths.adminInviteAccept, element: lazyPage(adminPages, 'AcceptInvitePage') },
      { path: paths.adminSignup, element: lazyPage(adminPages, 'AdminSignupPage') },
      { path: paths.eventRegistration, element: <EventRegistrationRedirect /> },
      { path: paths.superAdminDashboardAlias, element: <Navigate to={paths.superAdminDashboard} replace /> },
      ...accounts,
      ...guarded,
      { path: '*', element: lazyPage(() => import('./routes/not-found-page'), 'NotFoundPage') },
    ],
  },
];

/**
 * The app's routes, for a `<BrowserRouter>`. Declarative routing rather than a data router
 * (`createBrowserRouter`): the app loads its data with RTK Query, not route loaders, and the data
 * router's code weighs 17 kB gzip on the home page's budget (docs/performance.md, Client).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
