import type { ReactNode } from 'react';
import { isApiError } from '../api/base-api';
import { StatusPanel } from './StatusPanel';

interface LoadErrorProps {
  title: string;
  headingLevel?: 1 | 2 | 3;
  /** The failed request's error; the server's reason is shown when it gave one. Omitted, only the title shows. */
  error?: unknown;
  retrying: boolean;
  onRetry: () => void;
  /** Shown beside Try Again. */
  otherAction?: ReactNode;
}

/** Something could not be loaded: the spec's title, the reason, and Try Again. */
export function LoadError({ title, headingLevel, error, retrying, onRetry, otherAction }: LoadErrorProps) {
  return (
    <StatusPanel
      title={title}
      tone="error"
      headingLevel={headingLevel}
      actions={
        <>
          <button type="button" className="button button--primary" onClick={() => onRetry()} disabled={retrying}>
            Try Again
          </button>
          {otherAction}
        </>
      }
    >
      {isApiError(error) && <p>{error.message}</p>}
    </StatusPanel>
  );
}
