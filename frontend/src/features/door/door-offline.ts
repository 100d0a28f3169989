import { paths } from '../../config/paths';

const WORKER = '/door-sw.js';
const KEPT_ANSWERS = ['/api/v1/user/load', '/api/v1/festival'];

/**
 * Keeps the scan page on the phone (`public/door-sw.js`): registers the worker for the page and
 * hands it the files this visit loaded, so a reload with no network still opens the door.
 */
export function keepDoorOffline(): void {
  if (!('serviceWorker' in navigator)) return;
  void (async () => {
    await navigator.serviceWorker.register(WORKER, { scope: paths.adminScan });
    const worker = (await navigator.serviceWorker.ready).active;
    const loaded = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && (!url.pathname.startsWith('/api/') || KEPT_ANSWERS.includes(url.pathname)));
    worker?.postMessage({ type: 'keep', urls: [paths.adminScan, ...KEPT_ANSWERS, ...loaded.map((url) => url.href)] });
  })().catch(() => undefined);
}

/** Links the door's web app manifest while the scan page is open, so the phone can install it. */
export function linkDoorManifest(): () => void {
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/door.webmanifest';
  document.head.append(link);
  return () => link.remove();
}
