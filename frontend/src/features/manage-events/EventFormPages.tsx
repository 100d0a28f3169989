import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useGetAdminEventQuery } from '../../api/admin-api';
import { isApiError } from '../../api/base-api';
import type { AdminEvent } from '../../api/types';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { StatusPanel } from '../../components/StatusPanel';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useGoBack } from '../../lib/use-go-back';
import { useToast } from '../../toasts/use-toast';
import type { SavedEventState } from './event-form-rules';
import { EventForm } from './EventForm';
import '../../components/panel.css';
import '../../components/admin.css';

/**
 * /admin/events/create: a club admin's event is their club's; the super admin chooses the club.
 * With `?copy={eventId}`, the form starts from an earlier festival's event (its dates left to set).
 */
export function CreateEventPage() {
  useDocumentTitle('Create Event');
  const copyId = useSearchParams()[0].get('copy');
  return (
    <div className="page page--narrow admin-page">
      <PageHeader eyebrow="Admin" title="Create Event">
        {copyId
          ? "Last festival's details are filled in: check them, and set this festival's dates."
          : "Fill in the event's details; students see it on the home page as soon as it is active."}
      </PageHeader>
      {copyId ? <CopiedEventForm eventId={copyId} /> : <NewEventForm />}
    </div>
  );
}

function NewEventForm({ copyOf }: { copyOf?: AdminEvent }) {
  const navigate = useNavigate();
  const toast = useToast();
  const goBack = useGoBack(paths.adminEvents);
  return (
    <EventForm
      copyOf={copyOf}
      onCancel={goBack}
      onDone={(savedId, message) => {
        toast.success(message);
        void navigate(paths.adminEvents, { state: { savedEventId: savedId } satisfies SavedEventState });
      }}
    />
  );
}

/** The form over an earlier festival's event, once it is read. */
function CopiedEventForm({ eventId }: { eventId: string }) {
  const { data: event, error, isFetching, refetch } = useGetAdminEventQuery(eventId);
  if (event) return <NewEventForm copyOf={event} />;
  if (error) return <LoadError title="Failed to load the event to copy" error={error} retrying={isFetching} onRetry={() => void refetch()} />;
  return <Spinner label="Loading the event to copy…" />;
}

const GUIDELINES = [
  'The event name must be unique across all events.',
  'Club admins cannot change the club in charge.',
  'Existing applications are not affected by these changes.',
  'Changes take effect immediately.',
];

/** /edit-event/{eventId}: the same form, filled in with the event as it stands. */
export function EditEventPage() {
  const { eventId = '' } = useParams();
  useDocumentTitle('Edit Event');
  const goBack = useGoBack(paths.adminEvents);
  const toast = useToast();
  const { data: event, error, isFetching, refetch } = useGetAdminEventQuery(eventId);
  const goBackButton = (
    <button type="button" className="button button--primary" onClick={goBack}>
      Go Back
    </button>
  );
  let view;
  if (isApiError(error) && error.status === 404) {
    view = <StatusPanel title="Event not found" tone="error" headingLevel={1} actions={goBackButton} />;
  } else if (isApiError(error) && error.status === 403) {
    view = (
      <StatusPanel title="Access Denied" tone="error" headingLevel={1} actions={goBackButton}>
        <p>{error.message}</p>
      </StatusPanel>
    );
  } else if (error) {
    view = (
      <LoadError
        title="Failed to fetch event details"
        headingLevel={1}
        error={error}
        retrying={isFetching}
        onRetry={() => void refetch()}
        otherAction={goBackButton}
      />
    );
  } else if (!event) {
    view = <Spinner label="Loading the event…" page />;
  } else {
    view = (
      <>
        <div className="admin-page__top">
          <PageHeader eyebrow={event.clubInCharge ?? 'Admin'} title="Edit Event">
            {event.name}
          </PageHeader>
          <button type="button" className="icon-button admin-page__close" aria-label="Close" onClick={goBack}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <aside className="panel guidelines" aria-labelledby="guidelines-title">
          <h2 id="guidelines-title" className="panel__title">
            Guidelines
          </h2>
          <ul>
            {GUIDELINES.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </aside>
        <EventForm
          key={event._id}
          event={event}
          onCancel={goBack}
          onDone={(_savedId, message) => {
            toast.success(message);
            goBack();
          }}
        />
      </>
    );
  }
  return <div className="page page--narrow admin-page">{view}</div>;
}
