import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../app/store';
import { jsonResponse, stubFetch } from '../test/fake-fetch';
import { baseApi, clientErrors, type ApiError } from './base-api';

// Endpoints that exist only for these tests, to send GETs and POSTs through the real base query.
const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probeGet: build.query<unknown, string>({ query: (path) => path }),
    probePost: build.mutation<unknown, string>({ query: (path) => ({ url: path, method: 'POST', body: { hello: 'world' } }) }),
  }),
});

async function get(path = '/probe') {
  return makeStore().dispatch(probeApi.endpoints.probeGet.initiate(path));
}

async function post(path = '/probe') {
  return makeStore().dispatch(probeApi.endpoints.probePost.initiate(path));
}

const htmlPage = () => new Response('<!doctype html><html><body>App</body></html>', { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } });

describe('base API', () => {
  it('sends JSON with credentials to the API under /api/v1 and returns a success envelope as data', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ success: true, events: [] }));
    const result = await post('/events');
    const request = fetchMock.mock.calls[0][0] as Request;
    expect(request.url).toBe(`${window.location.origin}/api/v1/events`);
    expect(request.credentials).toBe('include');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(await request.json()).toEqual({ hello: 'world' });
    expect(result).toEqual({ data: { success: true, events: [] } });
  });

  it('turns a failure envelope into an error with its message, field errors and status', async () => {
    stubFetch(() => jsonResponse({ success: false, message: 'Event not found' }, 404));
    const result = await get();
    expect(result.error).toEqual({ success: false, message: 'Event not found', status: 404 });
  });

  it('treats success:false as an error even when the HTTP status is 200', async () => {
    stubFetch(() => jsonResponse({ success: false, message: 'Registration failed', errors: [{ field: 'eventId', message: 'Closed' }] }));
    const result = await get();
    expect(result.error).toEqual({ success: false, message: 'Registration failed', errors: [{ field: 'eventId', message: 'Closed' }], status: 200 });
  });

  it('returns the parsed body of a successful envelope whatever the HTTP status', async () => {
    stubFetch(() => jsonResponse({ success: true, message: 'Created' }, 201));
    expect((await post()).data).toEqual({ success: true, message: 'Created' });
  });

  it('reports a network failure', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    expect((await get()).error).toEqual<ApiError>({ success: false, message: 'Network error. Please check your connection.', status: null });
  });

  it('reports an empty body', async () => {
    stubFetch(() => new Response('', { status: 200 }));
    expect((await get()).error).toMatchObject({ message: 'Empty response from server', status: null });
  });

  it('reports a body that is not valid JSON', async () => {
    stubFetch(() => new Response('{"success": tru', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    expect((await get()).error).toMatchObject({ message: 'An error occurred. Please try again.', status: null });
  });

  it('reports JSON that is not an envelope as not valid', async () => {
    stubFetch(() => jsonResponse(['not', 'an', 'envelope']));
    expect((await get()).error).toMatchObject({ message: clientErrors.invalidJson });
  });

  it('names the page origin when a GET is answered with an HTML page', async () => {
    stubFetch(htmlPage);
    expect((await get()).error).toMatchObject({
      message: `Backend URL error - receiving HTML instead of JSON. Check ${window.location.origin} URL.`,
      status: null,
    });
  });

  it('recognises HTML by its content even without an HTML content type', async () => {
    stubFetch(() => new Response('  <html><body>Bad gateway</body></html>', { status: 502 }));
    expect((await get()).error).toMatchObject({ message: clientErrors.html(window.location.origin) });
  });

  it('does not apply the HTML rule to other methods: their HTML answer is just not JSON', async () => {
    stubFetch(htmlPage);
    expect((await post()).error).toMatchObject({ message: 'An error occurred. Please try again.' });
  });
});

describe('base API with VITE_API_URL set', () => {
  async function freshBaseApi(configured: string) {
    vi.stubEnv('VITE_API_URL', configured);
    vi.resetModules();
    const [{ baseApi: api }, { makeStore: make }] = await Promise.all([import('./base-api'), import('../app/store')]);
    const probe = api.injectEndpoints({ endpoints: (build) => ({ probe: build.query<unknown, void>({ query: () => '/festival' }) }) });
    return () => make().dispatch(probe.endpoints.probe.initiate());
  }

  it('prefixes https:// to a host without a scheme and names that host in the HTML error', async () => {
    const fetchMock = stubFetch(htmlPage);
    const probe = await freshBaseApi('api.fest.example');
    const result = await probe();
    expect((fetchMock.mock.calls[0][0] as Request).url).toBe('https://api.fest.example/api/v1/festival');
    expect(result.error).toMatchObject({ message: 'Backend URL error - receiving HTML instead of JSON. Check https://api.fest.example URL.' });
  });

  it('keeps an explicit scheme', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ success: true }));
    const probe = await freshBaseApi('http://localhost:3000/');
    await probe();
    expect((fetchMock.mock.calls[0][0] as Request).url).toBe('http://localhost:3000/api/v1/festival');
  });
});
