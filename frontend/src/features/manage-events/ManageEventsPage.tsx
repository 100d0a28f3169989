import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useGetAdminEventsQuery, useGetEditionEventsQuery } from '../../api/admin-api';
import { useGetEditionsQuery } from '../../api/results-api';
import type { AdminEvent } from '../../api/types';
import { Alert } from '../../components/Alert';
import { useClubOptions } from '../../components/club-options';
import { ConfirmByNameModal } from '../../components/ConfirmByNameModal';
import { SelectField } from '../../components/FormField';
import { Link } from '../../components/Link';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { eventSeats, SeatBar } from '../../components/SeatBar';
import { Spinner } from '../../components/Spinner';
import { StatusPanel } from '../../components/StatusPanel';
import { TypeBadge } from '../../components/TypeBadge';
import { paths } from '../../config/paths';
import { count } from '../../lib/count';
import { formatEventTime } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSignedInUser } from '../../session/RequireAuth';
import { useOutcome } from '../../toasts/use-outcome';
import { useToast } from '../../toasts/use-toast';
import { ApprovalQueue } from './ApprovalQueue';
import type { SavedEventState } from './event-form-rules';
import { useDeleteEventMutation } from './manage-events-api';
import { MessageDialog } from './MessageDialog';
import '../../components/panel.css';
import '../../components/admin.css';

// Here rather than in config/paths.ts, which the home page loads: only this page links to the form.
const editEventPath = (eventId: string) => paths.editEvent.replace(':eventId', encodeURIComponent(eventId));

function CreateEventLink() {
  return (
    <Link to={paths.createEvent} className="button button--primary">
      Create Event
    </Link>
  );
}

/** /admin/events: the club's events (every club's for the super admin), their seats, and the approval queues. */
export function ManageEventsPage() {
  const clubOptions = useClubOptions({ withRetired: true });
  const user = useSignedInUser();
  useDocumentTitle('Manage Events');
  const [club, setClub] = useState('');
  return (
    <div className="page admin-page">
      <div className="admin-page__top">
        <PageHeader eyebrow={user.isSuperAdmin ? 'Super Admin' : (user.club ?? 'Admin')} title="Manage Events">
          {user.isSuperAdmin ? "Every club's events" : "Your club's events"}: their seats, edits, and the registrations waiting for approval.
        </PageHeader>
        <CreateEventLink />
      </div>
      {user.isSuperAdmin && (
        <div className="admin-filters">
          <SelectField label="Club" placeholder="All clubs" options={clubOptions} value={club} onValueChange={setClub} />
        </div>
      )}
      <EventList club={club} />
      <LastFestivalEvents club={club} />
    </div>
  );
}

/**
 * The club's events of the festival before this one, each to copy into Create Event: a new
 * festival's club admins start from last year's rather than from nothing. Nothing shows before a
 * festival has closed, or when the club ran nothing in it.
 */
function LastFestivalEvents({ club }: { club: string }) {
  const { data: editions } = useGetEditionsQuery();
  const last = editions?.find((edition) => !edition.open);
  const { data: events, error, isFetching, refetch } = useGetEditionEventsQuery(last?.id ?? 0, { skip: !last });
  if (!last) return null;
  if (error) return <LoadError title={`Failed to load the events of ${last.name}`} error={error} retrying={isFetching} onRetry={() => void refetch()} />;
  const shown = (events ?? []).filter(({ clubInCharge }) => !club || clubInCharge === club);
  if (shown.length === 0) return null;
  return (
    <section className="panel last-festival" aria-labelledby="last-festival-title">
      <h2 id="last-festival-title" className="panel__title">
        From {last.name}
      </h2>
      <p className="panel__hint">Copy one to start from its details; you set this festival&apos;s dates. The original stays in the archive as it was.</p>
      <ul className="last-festival__events">
        {shown.map((event) => (
          <li key={event._id} className="last-festival__event">
            <span>{event.name}</span>
            <Link to={`${paths.createEvent}?copy=${encodeURIComponent(event._id)}`} className="button button--ghost" aria-label={`Copy ${event.name}`}>
              Copy
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The event Create Event just saved, when this page was opened from it. */
function useSavedEventId(): string | undefined {
  const state = useLocation().state as SavedEventState | null;
  return state?.savedEventId;
}

function EventList({ club }: { club: string }) {
  const { data: events, error, isLoading, isFetching, refetch } = useGetAdminEventsQuery();
  const savedEventId = useSavedEventId();
  if (isLoading) return <Spinner label="Loading events…" />;
  if (error || !events) return <LoadError title="Failed to load events" error={error} retrying={isFetching} onRetry={() => void refetch()} />;
  if (events.length === 0) {
    return (
      <StatusPanel title="No events found" actions={<CreateEventLink />}>
        <p>Create your first event to see it here.</p>
      </StatusPanel>
    );
  }
  const shown = club ? events.filter(({ clubInCharge }) => clubInCharge === club) : events;
  if (shown.length === 0) {
    return (
      <StatusPanel title="No events found">
        <p>{club} has not created any events yet.</p>
      </StatusPanel>
    );
  }
  return (
    <ul className="admin-events" aria-label="Events">
      {shown.map((event) => (
        <li key={event._id}>
          <AdminEventCard event={event} justSaved={event._id === savedEventId} />
        </li>
      ))}
    </ul>
  );
}

function AdminEventCard({ event, justSaved }: { event: AdminEvent; justSaved: boolean }) {
  const [deleting, setDeleting] = useState(false);
  const [messaging, setMessaging] = useState(false);
  const titleId = `event-${event._id}`;
  const { pending, approved, rejected } = event.applicationCounts;
  const cardRef = useRef<HTMLElement>(null);
  useEffect(() => {
    // Focus brings the new event into view and starts the keyboard at it.
    if (justSaved) cardRef.current?.focus();
  }, [justSaved]);
  return (
    <article
      ref={cardRef}
      className={`panel admin-event${justSaved ? ' admin-event--saved' : ''}`}
      aria-labelledby={titleId}
      tabIndex={justSaved ? -1 : undefined}
    >
      <header className="admin-event__header">
        <h2 id={titleId} className="admin-event__title">
          {event.name}
        </h2>
        <div className="admin-event__badges">
          <TypeBadge type={event.event_type} />
          <span className={`badge status-badge status-badge--${event.isActive ? 'active' : 'inactive'}`}>{event.isActive ? 'Active' : 'Inactive'}</span>
          {event.requiresApproval && <span className="badge">Approval needed</span>}
          {justSaved && <span className="badge badge--saved">Just created</span>}
        </div>
      </header>
      <p className="panel__hint">
        {[event.clubInCharge, event.eventDate ? formatEventTime(event.eventDate, event.eventEndDate) : 'Date to be announced', event.venue]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <SeatBar {...eventSeats(event)} />
      <p className="admin-event__counts">
        Registrations: {approved} approved · {pending} pending · {rejected} rejected
      </p>
      <div className="admin-event__actions">
        <Link to={editEventPath(event._id)} className="button button--ghost button--small" aria-label={`Edit ${event.name}`}>
          Edit
        </Link>
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={`Message Participants of ${event.name}`}
          onClick={() => setMessaging(true)}
        >
          Message Participants
        </button>
        <button
          type="button"
          className="button button--ghost button--small button--danger-text"
          aria-label={`Delete ${event.name}`}
          onClick={() => setDeleting(true)}
        >
          Delete
        </button>
      </div>
      {event.requiresApproval && <ApprovalQueue event={event} />}
      {messaging && <MessageDialog event={event} onClose={() => setMessaging(false)} />}
      {deleting && <DeleteEventModal event={event} onClose={() => setDeleting(false)} />}
    </article>
  );
}

function DeleteEventModal({ event, onClose }: { event: AdminEvent; onClose: () => void }) {
  const [deleteEvent, { isLoading }] = useDeleteEventMutation();
  const { outcome, clear, failed } = useOutcome();
  const toast = useToast();
  const registered = event.applications.filter(({ status }) => status !== 'rejected').length;
  const confirm = async () => {
    clear();
    const result = await deleteEvent(event._id);
    if (result.error) {
      failed(result.error, 'Failed to delete event');
      return;
    }
    const { message, cancelledRegistrations } = result.data;
    toast.success(cancelledRegistrations > 0 ? `${message}: ${count(cancelledRegistrations, 'registration')} cancelled` : message);
    onClose();
  };
  return (
    <ConfirmByNameModal
      title="Delete event"
      eventName={event.name}
      action="Delete Event"
      busyLabel="Deleting..."
      danger
      busy={isLoading}
      outcome={outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>
        Deleting <strong>{event.name}</strong> cancels its {count(registered, 'registration')} and e-mails every registered student. This cannot be undone.
      </p>
      <p className="panel__hint">Type the event&apos;s name to confirm.</p>
    </ConfirmByNameModal>
  );
}
