// An API session of one account, for the journeys that set up or clean up through the API.
import { expect, request, type APIRequestContext } from '@playwright/test';

/** Signs `who` in to the server at `baseURL`: the session (cookie and origin set) and the account's id. */
export async function apiAs(baseURL: string, who: { email: string; password: string }): Promise<{ api: APIRequestContext; userId: string }> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const signedIn = await api.post('/api/v1/user/signin', { data: { email: who.email, password: who.password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return { api, userId: ((await signedIn.json()) as { user: { _id: string } }).user._id };
}
