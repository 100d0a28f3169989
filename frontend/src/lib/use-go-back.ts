import { useNavigate } from 'react-router-dom';

/**
 * Go Back: the previous page of this site, or `fallback` when nothing of the site comes before
 * (opened directly, or reached through redirects that replaced each other), rather than leaving
 * the site. The router keeps the entry's position in the browser's history state.
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  return () => {
    const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
    if (canGoBack) void navigate(-1);
    else void navigate(fallback);
  };
}
