import { type SubmitEvent, useState } from 'react';
import { useGetAdminEventsQuery } from '../../api/admin-api';
import { useGetApplicantsQuery } from '../../api/applicants-api';
import type { AdminEvent, Applicant } from '../../api/types';
import { SelectField, TextField } from '../../components/FormField';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { StatusPanel } from '../../components/StatusPanel';
import { isFestivalToday } from '../../lib/festival-day';
import { useSearchText } from '../../lib/use-search-text';
import { HolderText } from './CheckInOutcome';
import { ticketCodeOf } from './use-door-check-in';

interface TicketCodeFormProps {
  busy: boolean;
  onCode: (code: string) => void;
}

/** The code printed under a ticket's QR code, typed when the camera cannot read it. */
export function TicketCodeForm({ busy, onCode }: TicketCodeFormProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    // The ticket shows the code in groups of four; spaces, dashes and case are not part of it.
    const code = ticketCodeOf(text);
    if (!code) {
      setError('A ticket code is the 16 letters and digits under the QR code');
      return;
    }
    setError(undefined);
    onCode(code);
  };
  return (
    <form className="scan-manual" aria-label="Type a ticket code" onSubmit={submit} noValidate>
      <TextField
        label="Ticket code"
        value={text}
        onValueChange={setText}
        error={error}
        hint="As printed under the student's QR code; capitals, spaces and dashes do not matter."
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        className="scan-manual__code"
      />
      <button type="submit" className="button button--primary button--large" disabled={busy}>
        Check ticket
      </button>
    </form>
  );
}

interface StudentSearchProps {
  busy: boolean;
  onMark: (event: { _id: string; name: string }, student: Applicant) => void;
}

/** Finds a student of one of the admin's events by name or roll number, to mark them present. */
export function StudentSearch({ busy, onMark }: StudentSearchProps) {
  const { data: events, error, isFetching, refetch } = useGetAdminEventsQuery();
  if (events) return events.length === 0 ? <NoEvents /> : <EventStudentSearch events={events} busy={busy} onMark={onMark} />;
  if (error) return <LoadError title="Failed to load your events" error={error} retrying={isFetching} onRetry={() => void refetch()} />;
  return <Spinner label="Loading your events…" />;
}

function NoEvents() {
  return (
    <StatusPanel title="No events found">
      <p>Your club has no events, so there is nobody to check in.</p>
    </StatusPanel>
  );
}

/** The event happening today in the festival's time zone; else the first one. */
function todaysOrFirst(events: AdminEvent[]): AdminEvent {
  const now = Date.now();
  return events.find((event) => event.eventDate && isFestivalToday(event.eventDate, now)) ?? events[0];
}

function EventStudentSearch({ events, busy, onMark }: StudentSearchProps & { events: AdminEvent[] }) {
  const [eventId, setEventId] = useState(() => todaysOrFirst(events)._id);
  const event = events.find((candidate) => candidate._id === eventId) ?? events[0];
  const search = useSearchText(1);
  return (
    <div className="scan-manual">
      <form role="search" aria-label="Find a student" onSubmit={(submitted) => submitted.preventDefault()}>
        {events.length > 1 && (
          <SelectField
            label="Event"
            value={event._id}
            onValueChange={(value) => value && setEventId(value)}
            placeholder="Choose an event"
            options={events.map((candidate) => ({ value: candidate._id, label: candidate.name }))}
          />
        )}
        <TextField label="Name or roll number" type="search" value={search.text} onValueChange={search.setText} autoComplete="off" maxLength={100} />
      </form>
      {events.length === 1 && <p className="scan-manual__event">Students of {event.name}</p>}
      {search.ready ? (
        <SearchResults event={event} query={search.query} busy={busy} onMark={onMark} />
      ) : (
        <p className="scan-manual__hint">Type part of a name or roll number.</p>
      )}
    </div>
  );
}

function SearchResults({ event, query, busy, onMark }: StudentSearchProps & { event: AdminEvent; query: string }) {
  const { data: students, error, isFetching, refetch } = useGetApplicantsQuery({ eventId: event._id, search: query });
  if (error) return <LoadError title="Search failed" headingLevel={3} error={error} retrying={isFetching} onRetry={() => void refetch()} />;
  if (!students) return <Spinner label="Searching…" />;
  if (students.length === 0)
    return (
      <p className="scan-manual__hint">
        No student of {event.name} matches “{query}”.
      </p>
    );
  return (
    <ul className="scan-found" aria-label="Students found">
      {students.map((student) => (
        <li key={student.userId} className="scan-found__row">
          <HolderText holder={student} withTeam />
          {student.isPresent ? (
            <span className="scan-holder__state scan-holder__state--present">✓ Checked in</span>
          ) : (
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              aria-label={`Mark ${student.name} present`}
              onClick={() => onMark({ _id: event._id, name: event.name }, student)}
            >
              Mark present
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
