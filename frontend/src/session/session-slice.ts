import { createSlice } from '@reduxjs/toolkit';
import type { SessionUser } from '../api/types';
import { sessionApi } from './session-api';
import { hasSignedInHint } from './signed-in-hint';

interface SessionState {
  user: SessionUser | null;
  isAuthenticated: boolean;
  /** Until the first load of the user has answered; guards wait for it. */
  isLoading: boolean;
}

const signedIn = (user: SessionUser): SessionState => ({ user, isAuthenticated: true, isLoading: false });

const signedOut = (): SessionState => ({ user: null, isAuthenticated: false, isLoading: false });

/** Without the signed-in hint the user is not loaded at all, so the session is settled at once. */
const initialState = (): SessionState => (hasSignedInHint() ? { user: null, isAuthenticated: false, isLoading: true } : signedOut());

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    const { loadUser, signIn, signOut } = sessionApi.endpoints;
    builder
      .addMatcher(loadUser.matchFulfilled, (_state, { payload }) => signedIn(payload))
      // Sign-in answers with the user, so guarded pages open at once; the load that follows refreshes it.
      .addMatcher(signIn.matchFulfilled, (_state, { payload }) => signedIn(payload.user))
      .addMatcher(signOut.matchFulfilled, signedOut)
      // A load that was skipped because it was already cached says nothing about the session.
      .addMatcher(loadUser.matchRejected, (state, action) => (action.meta.condition ? state : signedOut()));
  },
  selectors: {
    selectSession: (session) => session,
    /** The one rule for "may enroll": signed in with a verified e-mail. */
    selectCanEnroll: (session) => session.isAuthenticated && Boolean(session.user?.isVerified),
  },
});

export const { selectSession, selectCanEnroll } = sessionSlice.selectors;
