import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { paths } from '../config/paths';
import { RequireAuth } from '../session/RequireAuth';
import { HomePage } from './routes/home-page';
import { AppLayout } from './routes/layout';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorPage } from './routes/route-error-page';
import { withEmailDomain } from './routes/with-email-domain';

/** /event-registration?eventId=… is where cards send event types other than solo and group. */
function EventRegistrationRedirect() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: paths.enroll, search }} replace />;
}

/**
 * A route's page, loaded on first visit so the home page's script stays small. `wrap` adapts a
 * page that needs props the app supplies.
 */
function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K, wrap: (page: M[K]) => ComponentType = (page) => page as ComponentType) {
  return async () => ({ Component: wrap((await load())[name]) });
}

const signIn = lazyPage(() => import('../features/auth/SignInPage'), 'SignInPage', withEmailDomain);

const guarded: RouteObject[] = [
  {
    element: <RequireAuth />,
    children: [
      { path: paths.myRegistrations, lazy: lazyPage(() => import('../features/registrations/MyRegistrationsPage'), 'MyRegistrationsPage') },
      { path: paths.register, lazy: lazyPage(() => import('./routes/team-event-pages'), 'TeamRegisterPage') },
    ],
  },
  {
    element: <RequireAuth access="admin" />,
    children: [{ path: paths.adminDashboard, lazy: lazyPage(() => import('./routes/dashboard-pages'), 'AdminDashboardPage') }],
  },
  {
    element: <RequireAuth access="superAdmin" />,
    children: [{ path: paths.superAdminDashboard, lazy: lazyPage(() => import('./routes/dashboard-pages'), 'SuperAdminDashboardPage') }],
  },
];

const accounts: RouteObject[] = [
  { path: paths.signIn, lazy: signIn },
  { path: paths.login, lazy: signIn },
  { path: paths.signUp, lazy: lazyPage(() => import('../features/auth/SignUpPage'), 'SignUpPage', withEmailDomain) },
  { path: paths.resetPasswordBase, element: <Navigate to={paths.signIn} replace /> },
  { path: paths.resetPassword, lazy: lazyPage(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage') },
  // Without a token the page says the link is invalid.
  { path: paths.verifyEmailBase, lazy: lazyPage(() => import('../features/auth/VerifyEmailPage'), 'VerifyEmailPage') },
  { path: paths.verifyEmail, lazy: lazyPage(() => import('../features/auth/VerifyEmailPage'), 'VerifyEmailPage') },
];

export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    // Shown while the first page's code arrives.
    hydrateFallbackElement: <Spinner label="Loading…" />,
    children: [
      { index: true, element: <HomePage /> },
      { path: paths.event, lazy: lazyPage(() => import('./routes/team-event-pages'), 'EventPage') },
      // Public: a visitor's token is kept while they sign in (or sign up and verify first).
      { path: paths.invite, lazy: lazyPage(() => import('../features/invites/InvitePage'), 'InvitePage') },
      { path: paths.enroll, lazy: lazyPage(() => import('../features/events/EnrollPage'), 'EnrollPage') },
      { path: paths.eventRegistration, element: <EventRegistrationRedirect /> },
      { path: paths.superAdminDashboardAlias, element: <Navigate to={paths.superAdminDashboard} replace /> },
      ...accounts,
      ...guarded,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
