import { useState } from 'react';
import { failureMessage } from '../../../api/base-api';
import { useGetResultsQuery } from '../../../api/results-api';
import type { AdminEvent, Applicant, EventResults } from '../../../api/types';
import { Alert, type AlertTone } from '../../../components/Alert';
import { LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';
import { StatusPanel } from '../../../components/StatusPanel';
import { WinnerPlaces } from '../../../components/WinnerPlaces';
import { isOnOrAfterDay } from '../../../lib/festival-day';
import { useClockUntil } from '../../../lib/use-clock-until';
import { useSearchText } from '../../../lib/use-search-text';
import { useGetAdminEventQuery } from '../admin-api';
import { ApplicantsTable } from './ApplicantsTable';
import { exportCsvHref, useChooseWinnersMutation, useGetApplicantsQuery, useMarkAttendanceMutation } from './event-day-api';
import { contendersOf, toggled, withMarks, type Contender, type Marks } from './event-day-rules';
import { WinnersBoard } from './WinnersBoard';
import { WinnersCountDialog } from './WinnersCountDialog';
import '../../../components/panel.css';
import '../admin.css';
import './event-day.css';

const NOT_THE_DAY = 'Attendance can be marked only on the event date.';
const NO_DATE = 'This event has no date yet.';
/** The server's longest search text. */
const SEARCH_MAX = 100;

interface Outcome {
  tone: AlertTone;
  text: string;
}

/**
 * One event's day for its club admins (admin-side §2 and §4): the applicants, attendance marked
 * on or after the event's date, and the winners chosen among the present and published.
 */
export function EventDayPanel({ eventId }: { eventId: string }) {
  const { data: event, error, isFetching, refetch } = useGetAdminEventQuery(eventId);
  if (event) return <EventDay event={event} />;
  if (error) return <LoadError title="Failed to load event details" headingLevel={3} error={error} retrying={isFetching} onRetry={() => void refetch()} />;
  return <Spinner label="Loading the event day…" />;
}

function EventDay({ event }: { event: AdminEvent }) {
  const eventId = event._id;
  const isGroupEvent = event.event_type === 'group';
  const search = useSearchText(1);
  // Everyone, for the winners and the counts; the table shows the search's answer.
  const everyone = useGetApplicantsQuery({ eventId, search: '' });
  // While a new search runs, the previous answer stays on screen (RTK Query keeps `data`).
  const shown = useGetApplicantsQuery({ eventId, search: search.query });
  const [marks, setMarks] = useState<Marks>(new Map());
  const [marking, setMarking] = useState(false);
  const [winnerStep, setWinnerStep] = useState<'count' | number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [markAttendance, attendance] = useMarkAttendanceMutation();
  const [chooseWinners, choosing] = useChooseWinnersMutation();
  const now = useClockUntil(undefined);
  const dayRefusal = !event.eventDate ? NO_DATE : isOnOrAfterDay(event.eventDate, now) ? null : NOT_THE_DAY;
  // No winners can exist before the event's day: the results are asked for only from then on.
  const results = useGetResultsQuery(eventId, { skip: dayRefusal !== null });
  const contenders = contendersOf(everyone.data ?? [], isGroupEvent);
  const headingId = `event-day-${eventId}`;
  const hintId = `${headingId}-day`;
  const describedBy = dayRefusal ? hintId : undefined;

  const confirmAttendance = async () => {
    const sent = [...marks].map(([userId, isPresent]) => ({ userId, isPresent }));
    const result = await markAttendance({ eventId, attendance: sent });
    if (result.error) {
      // The toggles stay as they were, so the admin can try again without marking anyone twice.
      setOutcome({ tone: 'error', text: `Failed to update attendance: ${failureMessage(result.error, 'Please try again.')}` });
      return;
    }
    setMarks(new Map());
    setMarking(false);
    setOutcome({ tone: 'success', text: result.data.message });
  };

  const confirmWinners = async (winners: Contender[]) => {
    const places = winners.map((winner, index) => ({ place: index + 1, [winner.kind === 'team' ? 'teamId' : 'userId']: winner.id }));
    const result = await chooseWinners({ eventId, winners: places });
    if (result.error) {
      setOutcome({ tone: 'error', text: failureMessage(result.error, 'Failed to select winners') });
      return;
    }
    setWinnerStep(null);
    setOutcome({ tone: 'success', text: result.data.message });
  };

  const toggleMarking = () => {
    setOutcome(null);
    setMarking(!marking);
  };

  return (
    <section className="event-day panel" aria-labelledby={headingId}>
      <h3 id={headingId} className="panel__title">
        Applicants of {event.name}
      </h3>
      <div className="event-day__toolbar">
        <div className="event-day__buttons">
          <button
            type="button"
            className="button button--primary"
            disabled={dayRefusal !== null || contenders.length === 0}
            aria-describedby={describedBy}
            onClick={() => setWinnerStep('count')}
          >
            Choose Winners
          </button>
          <button type="button" className="button button--ghost" disabled={dayRefusal !== null} aria-describedby={describedBy} onClick={toggleMarking}>
            {marking ? 'Hide Attendance' : 'Mark Attendance'}
          </button>
          {marking && (
            <button
              type="button"
              className="button button--primary"
              disabled={marks.size === 0 || attendance.isLoading}
              onClick={() => void confirmAttendance()}
            >
              {attendance.isLoading ? 'Confirming…' : 'Confirm Attendance'}
            </button>
          )}
        </div>
        {dayRefusal && (
          <p id={hintId} className="panel__hint">
            {dayRefusal}
          </p>
        )}
        {marking && (
          <p className="panel__hint">
            {marks.size === 0 ? 'Tick who is present, then confirm.' : `${marks.size} unsaved ${marks.size === 1 ? 'change' : 'changes'}.`}
          </p>
        )}
      </div>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <ConfirmedWinners results={results.data} />
      {typeof winnerStep === 'number' ? (
        <WinnersBoard
          count={winnerStep}
          contenders={contenders}
          busy={choosing.isLoading}
          onCancel={() => setWinnerStep(null)}
          onConfirm={(winners) => void confirmWinners(winners)}
        />
      ) : (
        <>
          <div className="event-day__find">
            <div className="field event-day__search">
              <label htmlFor={`${headingId}-search`}>Search by name or roll number</label>
              <input
                id={`${headingId}-search`}
                type="search"
                maxLength={SEARCH_MAX}
                value={search.text}
                onChange={(change) => search.setText(change.target.value)}
                autoComplete="off"
              />
            </div>
            <a className="button button--ghost" href={exportCsvHref(eventId)} download>
              Download CSV
            </a>
          </div>
          <Applicants
            query={shown}
            eventName={event.name}
            isGroupEvent={isGroupEvent}
            searching={Boolean(search.query)}
            marks={marks}
            marking={marking}
            onMark={(applicant, isPresent) => setMarks(toggled(marks, applicant, isPresent))}
          />
        </>
      )}
      {winnerStep === 'count' && (
        <WinnersCountDialog
          limit={contenders.length}
          onClose={() => setWinnerStep(null)}
          onChosen={(count) => {
            setOutcome(null);
            setMarking(false);
            setWinnerStep(count);
          }}
        />
      )}
    </section>
  );
}

/** What the table needs of an applicants query. */
interface ApplicantsQuery {
  data?: Applicant[];
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

interface ApplicantsProps {
  query: ApplicantsQuery;
  eventName: string;
  isGroupEvent: boolean;
  searching: boolean;
  marks: Marks;
  marking: boolean;
  onMark: (applicant: Applicant, isPresent: boolean) => void;
}

/** The table, or its loading, error and empty states. */
function Applicants({ query, eventName, isGroupEvent, searching, marks, marking, onMark }: ApplicantsProps) {
  const { data, error, isFetching, refetch } = query;
  if (error) return <LoadError title="Failed to load applicants" headingLevel={3} error={error} retrying={isFetching} onRetry={() => void refetch()} />;
  if (!data) return <Spinner label="Loading applicants…" />;
  if (data.length === 0) {
    return (
      <StatusPanel title={searching ? 'No applicant matches' : 'No registrations yet'} headingLevel={3}>
        <p>{searching ? 'No name or roll number contains that text.' : 'Participants will appear here once they register'}</p>
      </StatusPanel>
    );
  }
  return <ApplicantsTable eventName={eventName} applicants={withMarks(data, marks)} isGroupEvent={isGroupEvent} marking={marking} onMark={onMark} />;
}

/** The winners already confirmed (published on the results page); choosing again replaces them. */
function ConfirmedWinners({ results }: { results: EventResults | undefined }) {
  if (!results) return null;
  return (
    <div className="event-day__winners">
      <h4 className="event-day__subtitle">Confirmed winners</h4>
      <WinnerPlaces winners={results.winners} label="Confirmed winners" />
      <p className="panel__hint">Published on the results page. Choosing winners again replaces them.</p>
    </div>
  );
}
