// The door's copy of itself, for a hall without the network (docs/decisions.md, "The door offline").
// It controls the scan page only (its registration's scope): the page, the files it loaded, and
// the two answers the app needs to start (who is signed in, the festival's time zone) are kept as
// they last came, and served from here when the network does not answer. Every other API call goes
// to the network as it is: the door's list and scans live in the page's own database.
const CACHE = 'festival-door-v1';
const PAGE = '/admin/scan';
const KEPT_ANSWERS = ['/api/v1/user/load', '/api/v1/festival'];

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// The page names the files it loaded before this worker was there to keep them.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'keep' && Array.isArray(event.data.urls)) event.waitUntil(keepAll(event.data.urls));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(fromNetworkElseKept(request, PAGE));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(keptElseNetwork(request));
  else if (!url.pathname.startsWith('/api/') || KEPT_ANSWERS.includes(url.pathname)) event.respondWith(fromNetworkElseKept(request, url.pathname));
});

/** The network's answer (kept for later), or the one kept when the network fails. */
async function fromNetworkElseKept(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

/** A built file never changes under its name: the kept copy when there is one. */
async function keptElseNetwork(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function keepAll(urls) {
  const cache = await caches.open(CACHE);
  await Promise.all(
    urls.map(async (url) => {
      const { pathname, origin } = new URL(url, self.location.origin);
      if (origin !== self.location.origin) return;
      try {
        const response = await fetch(url, { credentials: 'same-origin' });
        if (response.ok) await cache.put(pathname.startsWith('/assets/') ? url : pathname, response);
      } catch {
        // Offline already: what was kept before stays.
      }
    }),
  );
}
