import { Suspense, useRef, useState } from 'react';
import { useGetAdminEventQuery } from '../../api/admin-api';
import { exportCsvHref, useGetApplicantsQuery } from '../../api/applicants-api';
import { failureMessage } from '../../api/base-api';
import { useGetResultsQuery } from '../../api/results-api';
import type { AdminEvent, Applicant, EventResults } from '../../api/types';
import { Alert } from '../../components/Alert';
import { ApplicantsTable } from '../../components/ApplicantsTable';
import { lazyComponent } from '../../components/lazy-component';
import { QueryView } from '../../components/QueryView';
import { Spinner } from '../../components/Spinner';
import { StatusPanel } from '../../components/StatusPanel';
import { WinnerPlaces } from '../../components/WinnerPlaces';
import { formatDateTime } from '../../lib/dates';
import { useDayHasCome } from '../../lib/festival-day';
import { useClockUntil } from '../../lib/use-clock-until';
import { useFocusLater } from '../../lib/use-focus-later';
import { useSearchText } from '../../lib/use-search-text';
import { AttendanceSheet } from './AttendanceSheet';
import { CertificatesPanel } from './CertificatesPanel';
import { useChooseWinnersMutation } from './event-day-api';
import { contendersOf, withMarks, type Contender, type Marks } from './event-day-rules';
import { unsavedHint, useAttendanceMarks, type Outcome } from './use-attendance-marks';
import { WinnersCountDialog } from './WinnersCountDialog';
import '../../components/panel.css';
import '../../components/admin.css';
import './event-day.css';

// The drag-and-drop library comes only with the board, not with every admin page.
const WinnersBoard = lazyComponent(async () => (await import('./WinnersBoard')).WinnersBoard);

const NOT_THE_DAY = 'Attendance can be marked only on the event date.';
const NO_DATE = 'This event has no date yet.';
const notStartedYet = (eventDate: string) => `Winners can be chosen once the event has started (${formatDateTime(eventDate)}).`;
/** The server's longest search text. */
const SEARCH_MAX = 100;

/**
 * One event's day for its club admins (admin-side §2 and §4): the applicants, attendance marked
 * on or after the event's date, and the winners chosen among the present and published.
 */
export function EventDayPanel({ eventId }: { eventId: string }) {
  return (
    <QueryView query={useGetAdminEventQuery(eventId)} errorTitle="Failed to load event details" loadingLabel="Loading the event day…" headingLevel={3}>
      {(event) => <EventDay event={event} />}
    </QueryView>
  );
}

function EventDay({ event }: { event: AdminEvent }) {
  const eventId = event._id;
  const isGroupEvent = event.event_type === 'group';
  const search = useSearchText(1);
  // Everyone, for the winners and the counts; the table shows the search's answer.
  const everyone = useGetApplicantsQuery({ eventId, search: '' });
  const attendance = useAttendanceMarks(eventId);
  const [winnerStep, setWinnerStep] = useState<'count' | number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [chooseWinners, choosing] = useChooseWinnersMutation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const focusLater = useFocusLater();
  const dayHasCome = useDayHasCome(event.eventDate ?? undefined);
  const dayRefusal = !event.eventDate ? NO_DATE : dayHasCome ? null : NOT_THE_DAY;
  // Winners wait for the event itself (the server's rule): on its day before then, the page still took registrations.
  const startMs = event.eventDate ? Date.parse(event.eventDate) : undefined;
  const now = useClockUntil(dayHasCome ? startMs : undefined);
  const winnersRefusal = dayRefusal ?? (event.eventDate && startMs !== undefined && now < startMs ? notStartedYet(event.eventDate) : null);
  // No winners can exist before the event's day: the results are asked for only from then on.
  const results = useGetResultsQuery(eventId, { skip: dayRefusal !== null });
  const contenders = contendersOf(everyone.data ?? [], isGroupEvent);
  const headingId = `event-day-${eventId}`;

  // The board is gone: focus goes back to the panel rather than being lost to the page.
  const closeBoard = () => {
    setWinnerStep(null);
    headingRef.current?.focus();
  };

  const confirmWinners = async (winners: Contender[]) => {
    const places = winners.map((winner, index) => ({ place: index + 1, [winner.kind === 'team' ? 'teamId' : 'userId']: winner.id }));
    const result = await chooseWinners({ eventId, winners: places });
    if (result.error) {
      setOutcome({ tone: 'error', text: failureMessage(result.error, 'Failed to select winners') });
      return;
    }
    closeBoard();
    setOutcome({ tone: 'success', text: result.data.message });
  };

  return (
    <section className="event-day panel" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} className="panel__title" tabIndex={-1}>
        Applicants of {event.name}
      </h3>
      <Toolbar
        hintId={`${headingId}-day`}
        dayRefusal={dayRefusal}
        winnersRefusal={winnersRefusal}
        canChoose={contenders.length > 0}
        boardOpen={typeof winnerStep === 'number'}
        attendance={attendance}
        onChooseWinners={() => setWinnerStep('count')}
        onOutcome={setOutcome}
        onConfirmed={(confirmed) => {
          setOutcome(confirmed);
          // Confirm Attendance goes away with attendance mode: focus goes to what it came to.
          focusLater(() => outcomeRef.current);
        }}
      />
      {outcome && (
        <Alert ref={outcomeRef} tone={outcome.tone}>
          {outcome.text}
        </Alert>
      )}
      <ConfirmedWinners results={results.data} />
      {dayRefusal === null && <CertificatesPanel eventId={eventId} />}
      {typeof winnerStep === 'number' ? (
        <Suspense fallback={<Spinner label="Loading the winners board…" />}>
          <WinnersBoard
            count={winnerStep}
            contenders={contenders}
            busy={choosing.isLoading}
            onCancel={closeBoard}
            onConfirm={(winners) => void confirmWinners(winners)}
          />
        </Suspense>
      ) : (
        <Finder event={event} everyone={everyone.data} search={search} attendance={attendance} inputId={`${headingId}-search`} />
      )}
      {winnerStep === 'count' && (
        <WinnersCountDialog
          limit={contenders.length}
          present={contenders.filter((contender) => contender.present).length}
          onClose={() => setWinnerStep(null)}
          onChosen={(count) => {
            setOutcome(null);
            attendance.setMarking(false);
            setWinnerStep(count);
          }}
        />
      )}
    </section>
  );
}

interface FinderProps {
  event: AdminEvent;
  /** Every applicant, for the printed sheet; undefined while they load. */
  everyone: Applicant[] | undefined;
  search: ReturnType<typeof useSearchText>;
  attendance: ReturnType<typeof useAttendanceMarks>;
  inputId: string;
}

/** The search (the door's fallback for a ticket that cannot be scanned), the CSV export, the printed sheet and the table. */
function Finder({ event, everyone, search, attendance, inputId }: FinderProps) {
  const [printing, setPrinting] = useState(false);
  return (
    <>
      <div className="event-day__find">
        <div className="field event-day__search">
          <label htmlFor={inputId}>Search by name or roll number</label>
          <input
            id={inputId}
            type="search"
            maxLength={SEARCH_MAX}
            value={search.text}
            onChange={(change) => search.setText(change.target.value)}
            autoComplete="off"
          />
        </div>
        <a className="button button--ghost" href={exportCsvHref(event._id)} download>
          Download CSV
        </a>
        <button type="button" className="button button--ghost" disabled={!everyone} onClick={() => setPrinting(true)}>
          Print Attendance Sheet
        </button>
      </div>
      {printing && everyone && <AttendanceSheet event={event} applicants={everyone} onDone={() => setPrinting(false)} />}
      <Applicants event={event} search={search.query} marks={attendance.marks} marking={attendance.marking} onMark={attendance.mark} />
    </>
  );
}

interface ToolbarProps {
  hintId: string;
  /** Why the day's work is shut, if it is. */
  dayRefusal: string | null;
  /** Why Choose Winners is shut: the day's reason, or the event not begun yet. */
  winnersRefusal: string | null;
  canChoose: boolean;
  boardOpen: boolean;
  attendance: ReturnType<typeof useAttendanceMarks>;
  onChooseWinners: () => void;
  onOutcome: (outcome: Outcome | null) => void;
  /** What sending the attendance came to. */
  onConfirmed: (outcome: Outcome) => void;
}

/** Choose Winners, attendance mode and its Confirm, with why they are shut and what is unsaved. */
function Toolbar({ hintId, dayRefusal, winnersRefusal, canChoose, boardOpen, attendance, onChooseWinners, onOutcome, onConfirmed }: ToolbarProps) {
  const describedBy = dayRefusal ? hintId : undefined;
  const hint = unsavedHint(attendance.marks.size, attendance.marking);
  return (
    <div className="event-day__toolbar">
      <div className="event-day__buttons">
        <button
          type="button"
          className="button button--primary"
          // While the board is open a new count would keep the old picks: Cancel first.
          disabled={winnersRefusal !== null || !canChoose || boardOpen}
          aria-describedby={winnersRefusal === null ? undefined : winnersRefusal === dayRefusal ? hintId : `${hintId}-winners`}
          onPointerEnter={WinnersBoard.preload}
          onClick={() => {
            WinnersBoard.preload();
            onChooseWinners();
          }}
        >
          Choose Winners
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={dayRefusal !== null || boardOpen}
          aria-describedby={describedBy}
          onClick={() => {
            onOutcome(null);
            attendance.setMarking(!attendance.marking);
          }}
        >
          {attendance.marking ? 'Hide Attendance' : 'Mark Attendance'}
        </button>
        {attendance.marking && (
          <button
            type="button"
            className="button button--primary"
            disabled={attendance.marks.size === 0 || attendance.sending}
            onClick={() => void attendance.confirm().then(onConfirmed)}
          >
            {attendance.sending ? 'Confirming…' : 'Confirm Attendance'}
          </button>
        )}
      </div>
      {dayRefusal && (
        <p id={hintId} className="panel__hint">
          {dayRefusal}
        </p>
      )}
      {winnersRefusal && winnersRefusal !== dayRefusal && (
        <p id={`${hintId}-winners`} className="panel__hint">
          {winnersRefusal}
        </p>
      )}
      {hint && <p className={`panel__hint${attendance.marks.size > 0 ? ' event-day__unsaved' : ''}`}>{hint}</p>}
    </div>
  );
}

interface ApplicantsProps {
  event: AdminEvent;
  /** The search's text, empty for everyone. */
  search: string;
  marks: Marks;
  marking: boolean;
  onMark: (applicant: Applicant, isPresent: boolean) => void;
}

/** The table, or its loading, error and empty states. */
function Applicants({ event, search, marks, marking, onMark }: ApplicantsProps) {
  // While a new search runs, the previous answer stays on screen (RTK Query keeps `data`).
  const query = useGetApplicantsQuery({ eventId: event._id, search });
  const dayHasCome = useDayHasCome(event.eventDate ?? undefined);
  return (
    <QueryView query={query} errorTitle="Failed to load applicants" loadingLabel="Loading applicants…" headingLevel={3}>
      {(applicants) =>
        applicants.length === 0 ? (
          <StatusPanel title={search ? 'No applicant matches' : 'No registrations yet'} headingLevel={3}>
            <p>{search ? 'No name or roll number contains that text.' : 'Participants will appear here once they register'}</p>
          </StatusPanel>
        ) : (
          // Unsent ticks show only on the checkboxes: outside attendance mode the badges say what is saved.
          <ApplicantsTable
            eventName={event.name}
            applicants={marking ? withMarks(applicants, marks) : applicants}
            isGroupEvent={event.event_type === 'group'}
            marking={marking}
            dayHasCome={dayHasCome}
            onMark={onMark}
          />
        )
      }
    </QueryView>
  );
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
