import { useEffect } from 'react';

/**
 * Asks the browser not to dim or lock the screen while the calling screen shows (the Screen Wake
 * Lock API, where there is one; without it nothing changes). The browser drops the lock whenever the
 * page is hidden, so it is asked for again each time the page comes back into sight.
 */
export function useScreenAwake(): void {
  useEffect(() => {
    if (!('wakeLock' in navigator)) return;
    let gone = false;
    let lock: WakeLockSentinel | undefined;
    const request = () => {
      if (document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      navigator.wakeLock
        .request('screen')
        .then((sentinel) => {
          lock = sentinel;
          if (gone) void sentinel.release();
        })
        // Refused (a battery saver): the screen works all the same.
        .catch(() => undefined);
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      gone = true;
      document.removeEventListener('visibilitychange', request);
      void lock?.release();
    };
  }, []);
}
