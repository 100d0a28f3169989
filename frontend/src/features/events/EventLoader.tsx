import type { ReactNode } from 'react';
import { isApiError } from '../../api/base-api';
import type { FestEvent } from '../../api/types';
import { Link } from '../../components/Link';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useGetEventQuery } from './events-api';

// A malformed id (400) names no event either; both read as "not found" to a visitor.
const isMissingEvent = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

interface EventLoaderProps {
  eventId: string;
  /** What a missing event shows. */
  notFound: ReactNode;
  children: (event: FestEvent) => ReactNode;
}

/**
 * Loads one event for the event, enrollment and register pages: a spinner, then the page, the
 * not-found view or a load error with Try Again.
 */
export function EventLoader({ eventId, notFound, children }: EventLoaderProps) {
  const { data: event, error, isFetching, refetch } = useGetEventQuery(eventId);
  useDocumentTitle(event?.name);
  if (event) return children(event);
  if (isMissingEvent(error)) return notFound;
  if (error) {
    return (
      <div className="page page--narrow">
        <LoadError
          title="Failed to load event details"
          headingLevel={1}
          error={error}
          retrying={isFetching}
          onRetry={() => void refetch()}
          otherAction={<BackToEvents />}
        />
      </div>
    );
  }
  return (
    <div className="page page--narrow">
      <Spinner label="Loading event details…" page />
    </div>
  );
}

export function BackToEvents() {
  return (
    <Link to={paths.home} className="button button--ghost">
      ← Back to Events
    </Link>
  );
}
