import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../app/store';
import { registrationsApi } from '../features/registrations/registrations-api';
import { setSignedInHint } from '../test/browser';
import { jsonResponse, requestsTo, stubApi } from '../test/fake-fetch';
import { makeUser } from '../test/fixtures';
import { sessionApi } from './session-api';
import { hasSignedInHint } from './signed-in-hint';
import { useLoadSession } from './use-session';

const user = makeUser();
const signedOut = { user: null, isAuthenticated: false, isLoading: false };
const signedIn = { user, isAuthenticated: true, isLoading: false };

async function loadWith(answer: () => Response | Promise<Response>) {
  stubApi({ '/api/v1/user/load': answer });
  setSignedInHint();
  const store = makeStore();
  expect(store.getState().session).toEqual({ user: null, isAuthenticated: false, isLoading: true });
  await store.dispatch(sessionApi.endpoints.loadUser.initiate());
  return store;
}

describe('session', () => {
  it('is loading until the first load answers, then holds the user', async () => {
    const store = await loadWith(() => jsonResponse({ success: true, user }));
    expect(store.getState().session).toEqual(signedIn);
  });

  it('is signed out when the load says 401, and drops the hint so the next page does not ask', async () => {
    const store = await loadWith(() => jsonResponse({ success: false, message: 'Please sign in to continue.' }, 401));
    expect(store.getState().session).toEqual(signedOut);
    expect(hasSignedInHint()).toBe(false);
  });

  it('is signed out when the load fails to reach the server, keeping the hint for the next page', async () => {
    const store = await loadWith(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(store.getState().session).toEqual(signedOut);
    expect(hasSignedInHint()).toBe(true);
  });

  describe('loading at app start', () => {
    function startApp() {
      const fetchMock = stubApi({
        '/api/v1/user/load': () => jsonResponse({ success: true, user }),
        '/api/v1/user/signin': () => jsonResponse({ success: true, message: 'Login successful!', user }),
      });
      const store = makeStore();
      const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
      const view = renderHook(useLoadSession, { wrapper });
      return { fetchMock, store, view };
    }

    it('asks nothing without the signed-in hint, and is signed out at once', async () => {
      const { fetchMock, store } = startApp();
      expect(store.getState().session).toEqual(signedOut);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('loads the user when the hint is there', async () => {
      setSignedInHint();
      const { fetchMock, store } = startApp();
      expect(store.getState().session.isLoading).toBe(true);
      await expect.poll(() => store.getState().session).toEqual(signedIn);
      expect(requestsTo(fetchMock, '/api/v1/user/load')).toHaveLength(1);
    });

    it('loads the user after a sign-in, which set the hint', async () => {
      const { fetchMock, store } = startApp();
      setSignedInHint();
      await store.dispatch(sessionApi.endpoints.signIn.initiate({ email: user.email, password: 'Student@123' }));
      await expect.poll(() => requestsTo(fetchMock, '/api/v1/user/load')).toHaveLength(1);
      expect(store.getState().session).toEqual(signedIn);
    });
  });

  it('holds the user once signed in, and reloads it', async () => {
    let loads = 0;
    const fetchMock = stubApi({
      '/api/v1/user/load': () =>
        ++loads === 1 ? jsonResponse({ success: false, message: 'Please sign in to continue.' }, 401) : jsonResponse({ success: true, user }),
      '/api/v1/user/signin': () => jsonResponse({ success: true, message: 'Login successful!', user }),
    });
    const store = makeStore();
    const subscription = store.dispatch(sessionApi.endpoints.loadUser.initiate());
    await subscription;
    expect(store.getState().session).toEqual(signedOut);
    await store.dispatch(sessionApi.endpoints.signIn.initiate({ email: user.email, password: 'Student@123' }));
    expect(store.getState().session).toEqual(signedIn);
    await expect.poll(() => requestsTo(fetchMock, '/api/v1/user/load').length).toBe(2);
    subscription.unsubscribe();
  });

  it('reloads the user, and so signs out, when another call finds the session ended', async () => {
    let sessionLive = true;
    const ended = () => jsonResponse({ success: false, message: 'Please sign in to continue.' }, 401);
    const fetchMock = stubApi({
      '/api/v1/user/load': () => (sessionLive ? jsonResponse({ success: true, user }) : ended()),
      '/api/v1/user/registrations': ended,
    });
    const store = makeStore();
    const subscription = store.dispatch(sessionApi.endpoints.loadUser.initiate());
    await subscription;
    expect(store.getState().session).toEqual(signedIn);

    // The password was changed on another device, which ended this session.
    sessionLive = false;
    await store.dispatch(registrationsApi.endpoints.getMyRegistrations.initiate());
    await expect.poll(() => store.getState().session).toEqual(signedOut);
    expect(requestsTo(fetchMock, '/api/v1/user/load')).toHaveLength(2);
    // The signed-in-only call is not retried into a loop of 401s.
    expect(requestsTo(fetchMock, '/api/v1/user/registrations')).toHaveLength(1);
    subscription.unsubscribe();
  });

  it('forgets the user on sign-out', async () => {
    stubApi({
      '/api/v1/user/load': () => jsonResponse({ success: true, user }),
      '/api/v1/user/signout': () => jsonResponse({ success: true, message: 'Logged out successfully' }),
    });
    const store = makeStore();
    await store.dispatch(sessionApi.endpoints.loadUser.initiate());
    await store.dispatch(sessionApi.endpoints.signOut.initiate());
    expect(store.getState().session).toEqual(signedOut);
  });

  it("drops the student's cached data on sign-out instead of asking for it again with the ended session", async () => {
    const fetchMock = stubApi({
      '/api/v1/user/load': () => jsonResponse({ success: true, user }),
      '/api/v1/user/registrations': () => jsonResponse({ success: true, registrations: [] }),
      '/api/v1/user/signout': () => jsonResponse({ success: true, message: 'Logged out successfully' }),
    });
    const store = makeStore();
    const session = store.dispatch(sessionApi.endpoints.loadUser.initiate());
    const registrations = store.dispatch(registrationsApi.endpoints.getMyRegistrations.initiate());
    await Promise.all([session, registrations]);
    expect(registrationsApi.endpoints.getMyRegistrations.select()(store.getState()).data).toBeDefined();

    await store.dispatch(sessionApi.endpoints.signOut.initiate());
    await expect.poll(() => registrationsApi.endpoints.getMyRegistrations.select()(store.getState()).data).toBeUndefined();
    expect(requestsTo(fetchMock, '/api/v1/user/load')).toHaveLength(1);
    expect(requestsTo(fetchMock, '/api/v1/user/registrations')).toHaveLength(1);
    session.unsubscribe();
    registrations.unsubscribe();
  });
});
