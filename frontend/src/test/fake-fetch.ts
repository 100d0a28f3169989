import { vi } from 'vitest';

type Answer = Response | Promise<Response>;

/**
 * Replaces the network boundary (global fetch) for client tests. `handler` receives each request
 * and returns the server's answer; throwing simulates a network failure.
 */
export function stubFetch(handler: (request: Request) => Answer) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => handler(input instanceof Request ? input : new Request(input, init)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Answers by path (`/api/v1/events`), whatever the method; anything else is a 404 envelope. */
export function stubApi(routes: Record<string, (request: Request) => Answer>) {
  return stubFetch((request) => {
    const answer = routes[new URL(request.url).pathname];
    return answer ? answer(request) : jsonResponse({ success: false, message: 'Not found' }, 404);
  });
}

/** The requests `fetchMock` received for `path`, to check what the client sent. */
export function requestsTo(fetchMock: ReturnType<typeof stubFetch>, path: string): Request[] {
  return fetchMock.mock.calls.map(([input]) => input as Request).filter((request) => new URL(request.url).pathname === path);
}
