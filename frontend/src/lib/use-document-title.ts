import { useEffect } from 'react';
import { PRODUCT_NAME } from '../config/product';

/** Names the browser tab after the page ("Robo Race · FestHub"), restoring the previous title on leave. */
export function useDocumentTitle(pageTitle: string | undefined): void {
  useEffect(() => {
    if (!pageTitle) return;
    const previous = document.title;
    document.title = `${pageTitle} · ${PRODUCT_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [pageTitle]);
}
