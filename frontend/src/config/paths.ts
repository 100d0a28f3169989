import { toSlug } from '../lib/slug';

/** Every client route, in one place. */
export const paths = {
  home: '/',
  signIn: '/auth/signin',
  /** Some screens send people to sign in here; it shows the same page. */
  login: '/login',
  signUp: '/auth/signup',
  resetPasswordBase: '/auth/reset-password',
  resetPassword: '/auth/reset-password/:token',
  verifyEmailBase: '/auth/verify',
  verifyEmail: '/auth/verify/:token',
  event: '/event/:eventId',
  /** An event's published winners (public). */
  eventResults: '/events/:eventId/results',
  archive: '/results',
  enroll: '/enroll',
  /** The card's target for event types other than solo and group; it leads to /enroll. */
  eventRegistration: '/event-registration',
  register: '/register/:eventId',
  myRegistrations: '/my-registrations',
  verifyCertificate: '/verify/:code?',
  profile: '/profile',
  privacy: '/privacy',
  invite: '/invite/:token',
  adminDashboard: '/admin/dashboard',
  adminInvite: '/admin/invite',
  /** The e-mailed link to become a club admin; both spellings show the same page. */
  adminInviteAccept: '/admin/invite/:token',
  adminSignup: '/admin/signup/:token',
  adminEvents: '/admin/events',
  createEvent: '/admin/events/create',
  editEvent: '/edit-event/:eventId',
  adminClubs: '/admin/clubs',
  /** The super admin's list of clubs: add, rename, retire. */
  manageClubs: '/admin/clubs/manage',
  adminAudit: '/admin/audit',
  /** The super admin's list of accounts and their roles. */
  adminPeople: '/admin/people',
  /** The super admin's festival settings: dates, texts and rules. */
  adminFestival: '/admin/festival',
  nextFestival: '/admin/festival/next',
  /** Check-in at the venue's door. */
  adminScan: '/admin/scan',
  superAdminDashboard: '/super-admin/dashboard',
  /** The home page's redirect uses this spelling; it leads to the same page. */
  superAdminDashboardAlias: '/superadmin/dashboard',
} as const;

/** Ids of the home page's sections, the targets of the navigation bar's Events and About. */
export const homeSections = {
  events: 'events',
  about: 'about',
} as const;

export type HomeSection = (typeof homeSections)[keyof typeof homeSections];

/** The id of the events' heading, where the skip link to the events leads. */
export const eventsHeadingId = 'events-title';

export function eventPath(eventId: string, title: string): string {
  return `/event/${encodeURIComponent(eventId)}?slug=${toSlug(title)}`;
}

export function invitePath(token: string): string {
  return `/invite/${encodeURIComponent(token)}`;
}

export function eventRegistrationPath(eventId: string): string {
  return `${paths.eventRegistration}?eventId=${encodeURIComponent(eventId)}`;
}

/**
 * What sign-in reads from the location state: where the route guard found the visitor, and
 * whether sign-up sent them (their e-mail is not verified yet).
 */
export interface SignInState {
  from?: { pathname: string; search?: string; hash?: string };
  notVerified?: boolean;
}

/** The sign-in state that brings the user back to `location` once signed in. */
export function returnTo({ pathname, search, hash }: { pathname: string; search: string; hash: string }): SignInState {
  return { from: { pathname, search, hash } };
}
