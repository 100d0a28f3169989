import { LoadError } from '../../components/LoadError';

interface EventsLoadErrorProps {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}

/** The events list could not be loaded (the home page). */
export function EventsLoadError(props: EventsLoadErrorProps) {
  return <LoadError title="Failed to load events. Please try again." headingLevel={3} {...props} />;
}
