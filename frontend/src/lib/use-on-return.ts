import { useEffect, useEffectEvent } from 'react';

/** Runs `callback` whenever the window regains focus or the tab becomes visible again. */
export function useOnReturn(callback: () => void): void {
  const onReturn = useEffectEvent(callback);
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') onReturn();
    };
    const onFocus = () => onReturn();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
}
