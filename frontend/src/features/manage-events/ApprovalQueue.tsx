import { useRef, useState } from 'react';
import { failureMessage } from '../../api/base-api';
import type { AdminApplication, AdminEvent } from '../../api/types';
import { formatDateTime } from '../../lib/dates';
import { yearLabel } from '../../lib/person-rules';
import { useFocusLater } from '../../lib/use-focus-later';
import { useToast } from '../../toasts/use-toast';
import { useDecideRegistrationsMutation, type Decision } from './manage-events-api';
import { RejectModal } from './RejectModal';

/** One seat waiting for a decision: a solo student, or a team with its members. */
interface Applicant {
  key: string;
  kind: 'user' | 'team';
  id: string;
  label: string;
  people: AdminApplication[];
  appliedAt: string;
}

/** The pending registrations, a team's members gathered under their team, in the order they applied. */
function pendingApplicants(applications: AdminApplication[]): Applicant[] {
  const byKey = new Map<string, Applicant>();
  for (const application of applications) {
    if (application.status !== 'pending') continue;
    const { teamId, teamName, userId, name, appliedAt } = application;
    const key = teamId ? `team:${teamId}` : `user:${userId}`;
    const applicant = byKey.get(key) ?? {
      key,
      kind: teamId ? 'team' : 'user',
      id: teamId ?? userId,
      label: teamId ? (teamName ?? 'Team') : name,
      people: [],
      appliedAt,
    };
    applicant.people.push(application);
    byKey.set(key, applicant);
  }
  return [...byKey.values()];
}

/** The applicant after `applicant` in the queue, else the one before it. */
function neighbourOf(applicants: Applicant[], applicant: Applicant): Applicant | undefined {
  const index = applicants.findIndex(({ key }) => key === applicant.key);
  return applicants[index + 1] ?? applicants[index - 1];
}

/** Seats decided here that `list`, the event's registrations as last fetched, still shows waiting. */
interface Leaving {
  list: AdminApplication[];
  keys: ReadonlySet<string>;
}

const VERB: Record<Decision, string> = { approved: 'Approve', rejected: 'Reject' };
const BUSY: Record<Decision, string> = { approved: 'Approving...', rejected: 'Rejecting...' };

/** An approval event's queue: approve or reject each waiting seat, or several at once. */
export function ApprovalQueue({ event }: { event: AdminEvent }) {
  // A decision's seats leave the queue at once, not when the event's list comes back a moment
  // later: meanwhile the next one to decide, where focus goes, is one still waiting, never a seat
  // already decided, whose button would leave with focus on it once the list came.
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  const left = leaving?.list === event.applications ? leaving.keys : new Set<string>();
  const applicants = pendingApplicants(event.applications).filter(({ key }) => !left.has(key));
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [decide, { isLoading }] = useDecideRegistrationsMutation();
  // The seats and decision on their way, so their buttons say so.
  const [working, setWorking] = useState<{ status: Decision; keys: string[] } | null>(null);
  const toast = useToast();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const focusLater = useFocusLater();
  // A rejection waiting for its reason: whom, and the button that asked.
  const [rejecting, setRejecting] = useState<{ decided: Applicant[]; control: HTMLElement } | null>(null);
  // Keys of seats decided elsewhere (or by a reload) drop out of the choice.
  const selected = applicants.filter(({ key }) => chosen.has(key));
  const headingId = `queue-${event._id}`;

  /** `control` is the button pressed: the decided leave the list, and every button is off meanwhile. */
  const run = async (status: Decision, decided: Applicant[], control: HTMLElement, reason?: string) => {
    const ids = (kind: Applicant['kind']) => decided.filter((applicant) => applicant.kind === kind).map(({ id }) => id);
    setWorking({ status, keys: decided.map(({ key }) => key) });
    const result = await decide({ eventId: event._id, status, userIds: ids('user'), teamIds: ids('team'), reason });
    setWorking(null);
    setRejecting(null);
    if (result.error) {
      toast.error(failureMessage(result.error, 'Failed to update registrations'));
      focusLater(() => control);
      return;
    }
    setLeaving({ list: event.applications, keys: new Set([...left, ...decided.map(({ key }) => key)]) });
    // One decided: the next one waiting (the one before, at the end of the list) is the next to
    // decide; several, or none left: the queue's title, with its new count.
    const next = decided.length === 1 && neighbourOf(applicants, decided[0]);
    focusLater(() => (next ? listRef.current?.querySelector<HTMLElement>(`[data-applicant="${CSS.escape(next.key)}"] button`) : headingRef.current));
    toast.success(result.data.message);
    if (result.data.skipped > 0) toast.info(`${result.data.skipped} already decided, left as they were`);
    setChosen((keys) => new Set([...keys].filter((key) => !decided.some((applicant) => applicant.key === key))));
  };
  /** Approving is one press; rejecting asks for a reason first. */
  const ask = (status: Decision, decided: Applicant[], control: HTMLElement) => {
    if (status === 'approved') void run(status, decided, control);
    else setRejecting({ decided, control });
  };
  const toggle = (key: string, on: boolean) => setChosen((keys) => new Set(on ? [...keys, key] : [...keys].filter((other) => other !== key)));
  const isWorking = (status: Decision, key: string) => working?.status === status && working.keys.includes(key);

  return (
    <section className="queue" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} className="queue__title" tabIndex={-1}>
        Approval queue <span className="queue__count">({applicants.length} waiting)</span>
      </h3>
      {applicants.length === 0 ? (
        <p className="panel__hint">No registrations are waiting for approval.</p>
      ) : (
        <>
          <div className="queue__bulk" role="group" aria-label={`Decide several for ${event.name}`}>
            <label className="queue__all">
              <input
                type="checkbox"
                checked={selected.length === applicants.length}
                onChange={(change) => setChosen(new Set(change.target.checked ? applicants.map(({ key }) => key) : []))}
              />
              Select all
            </label>
            {(['approved', 'rejected'] as const).map((status) => (
              <button
                key={status}
                type="button"
                className={`button button--small ${status === 'approved' ? 'button--primary' : 'button--ghost button--danger-text'}`}
                disabled={isLoading || selected.length === 0}
                onClick={(click) => ask(status, selected, click.currentTarget)}
              >
                {VERB[status]} selected ({selected.length})
              </button>
            ))}
          </div>
          <ul ref={listRef} className="queue__list">
            {applicants.map((applicant) => (
              <li key={applicant.key} className="queue__item" data-applicant={applicant.key}>
                <input
                  type="checkbox"
                  className="queue__check"
                  aria-label={`Select ${applicant.label}`}
                  checked={chosen.has(applicant.key)}
                  onChange={(change) => toggle(applicant.key, change.target.checked)}
                />
                <ApplicantDetails applicant={applicant} />
                <div className="queue__actions">
                  {(['approved', 'rejected'] as const).map((status) => (
                    <button
                      key={status}
                      type="button"
                      className={`button button--small ${status === 'approved' ? 'button--primary' : 'button--ghost button--danger-text'}`}
                      disabled={isLoading}
                      aria-label={`${isWorking(status, applicant.key) ? BUSY[status] : VERB[status]} ${applicant.label}`}
                      onClick={(click) => ask(status, [applicant], click.currentTarget)}
                    >
                      {isWorking(status, applicant.key) ? BUSY[status] : VERB[status]}
                    </button>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      {rejecting && (
        <RejectModal
          whom={rejecting.decided.length === 1 ? rejecting.decided[0].label : `${rejecting.decided.length} registrations`}
          busy={isLoading}
          onReject={(reason) => void run('rejected', rejecting.decided, rejecting.control, reason)}
          onClose={() => setRejecting(null)}
        />
      )}
    </section>
  );
}

function ApplicantDetails({ applicant }: { applicant: Applicant }) {
  return (
    <div className="queue__who">
      <p className="queue__name">
        {applicant.label}
        {applicant.kind === 'team' && <span className="badge badge--group">Team · {applicant.people.length}</span>}
      </p>
      <ul className="queue__people">
        {applicant.people.map((person) => (
          <li key={person.registrationId}>
            {applicant.kind === 'team' && <strong>{person.name} </strong>}
            <span className="queue__email">{person.email}</span>
            <span className="queue__facts">{[person.dept, person.year && yearLabel(person.year), person.rollNumber].filter(Boolean).join(' · ')}</span>
          </li>
        ))}
      </ul>
      <p className="panel__hint">Applied {formatDateTime(applicant.appliedAt)}</p>
    </div>
  );
}
