// An API call made from a signed-in page, as the admin pages make it, for the journeys that set
// up or clean up through the API.
import type { Page } from '@playwright/test';

/** Calls the API from `page` with its session cookie; answers the status and the JSON body. */
export async function apiCall(page: Page, method: string, path: string, body?: object): Promise<{ status: number; body: Record<string, unknown> }> {
  return await page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: body && JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { method, path, body },
  );
}
