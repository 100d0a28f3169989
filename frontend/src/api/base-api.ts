import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { resolveApiOrigin } from '../lib/api-url';
import type { FailureBody } from './types';

/** Every server answer is one of these envelopes (see the API conventions). */
type SuccessBody = { success: true; message?: string } & Record<string, unknown>;
type Envelope = SuccessBody | FailureBody;

/** A success envelope carrying `T`, as an endpoint's transformResponse receives it. */
export type Body<T> = SuccessBody & T;

/**
 * What a failed call hands to the UI: the failure envelope plus the HTTP status of the server's
 * answer. `status` is null when the client generated the failure (network, empty or non-JSON body),
 * so a page never mistakes, say, an HTML 404 page for "Event not found".
 */
export interface ApiError extends FailureBody {
  status: number | null;
}

export const clientErrors = {
  network: 'Network error. Please check your connection.',
  empty: 'Empty response from server',
  invalidJson: 'An error occurred. Please try again.',
  html: (host: string) => `Backend URL error - receiving HTML instead of JSON. Check ${host} URL.`,
} as const;

// Absolute even for the same origin, so the HTML error can name the host that answered.
const apiOrigin = resolveApiOrigin(import.meta.env.VITE_API_URL) || window.location.origin;
/** Where the API's paths start; also for what the base query does not fetch (the live seats' stream). */
export const API_BASE_URL = `${apiOrigin}/api/v1`;

const fetchText = fetchBaseQuery({
  baseUrl: API_BASE_URL,
  credentials: 'include',
  // Every answer is read as text, whatever its status; the rules below decide what it means.
  responseHandler: 'text',
  validateStatus: () => true,
  prepareHeaders: (headers) => {
    headers.set('Accept', 'application/json');
    return headers;
  },
});

function isHtml(text: string, response: Response): boolean {
  return Boolean(response.headers.get('content-type')?.includes('text/html')) || /^\s*</.test(text);
}

/** The spec's client-generated errors for an answer that is not JSON at all, or null if it may be. */
function unreadableReason(text: string, response: Response, method: string): string | null {
  if (!text.trim()) return clientErrors.empty;
  // A GET answered by a web page means VITE_API_URL points at a site, not at the API.
  if (method === 'GET' && isHtml(text, response)) return clientErrors.html(apiOrigin);
  return null;
}

/** The envelope in a body, or null when the body is not valid JSON or not an envelope. */
function parseEnvelope(text: string): Envelope | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const body = value as Partial<FailureBody> | SuccessBody;
  if (body.success === true) return body;
  if (body.success !== false) return null;
  return { ...body, success: false, message: typeof body.message === 'string' ? body.message : clientErrors.invalidJson };
}

const methodOf = (args: string | FetchArgs): string => (typeof args === 'string' ? 'GET' : (args.method ?? 'GET')).toUpperCase();

const clientFailure = (message: string) => ({ error: { success: false as const, message, status: null } });

// Who is signed in changes what events and registrations say, so a change of session refreshes them.
export const PER_USER_TAGS = ['Session', 'Event', 'Registration', 'Team', 'Invite', 'Waitlist'] as const;

/**
 * Calls whose 401 is their answer (a wrong password, no session yet). Any other 401 means the
 * session ended elsewhere (a password change or reset, idle expiry): the user is reloaded, which
 * shows the signed-out state instead of a menu that no longer works, and the public events are
 * reloaded without the student's own state. Signed-in-only data is left alone: reloading it
 * would answer 401 again, and its pages leave once the guard sees the user signed out.
 */
const SESSION_PROBES = new Set(['loadUser', 'signIn']);
const AFTER_SESSION_ENDED = ['Session', 'Event'] as const;

/**
 * The one base query: success envelopes become data and failure envelopes become an ApiError,
 * whatever the HTTP status; the spec's client rules cover answers that carry no envelope.
 */
const envelopeBaseQuery: BaseQueryFn<string | FetchArgs, SuccessBody, ApiError> = async (args, api, extraOptions) => {
  const result = await fetchText(args, api, extraOptions);
  const response = result.meta?.response;
  if (result.error || !response) return clientFailure(clientErrors.network);
  const text = result.data as string;
  const reason = unreadableReason(text, response, methodOf(args));
  if (reason) return clientFailure(reason);
  const envelope = parseEnvelope(text);
  if (!envelope) return clientFailure(clientErrors.invalidJson);
  if (response.status === 401 && !SESSION_PROBES.has(api.endpoint)) api.dispatch(baseApi.util.invalidateTags([...AFTER_SESSION_ENDED]));
  return envelope.success ? { data: envelope } : { error: { ...envelope, status: response.status } };
};

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: envelopeBaseQuery,
  // Session: the signed-in user; Event and Registration answers depend on who asks. Team: the
  // student's teams (and an event's gender counts); Invite: the bell's pending invites; Waitlist:
  // the student's places in line and the seats offered to them. The admin tags: club admin
  // invitations, the club's events with their applications, admins, the audit trail.
  tagTypes: ['Event', 'Registration', 'Session', 'Team', 'Invite', 'Waitlist', 'AdminInvite', 'AdminEvent', 'AdminUser', 'Audit', 'Festival', 'Club'],
  endpoints: () => ({}),
});

export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'success' in error && !(error as ApiError).success;
}

/**
 * The text to show for a failed call: the envelope's message (the server's, or the client's for
 * network and unreadable answers), else `fallback` for an exception that carries none.
 */
export function failureMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}

/** A failure's field errors by field name (the first message per field). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const errors = isApiError(error) ? (error.errors ?? []) : [];
  return errors.reduce<Record<string, string>>((byField, { field, message }) => ({ [field]: message, ...byField }), {});
}
