import { type SubmitEvent, useState } from 'react';
import { useGetAdminEventsQuery } from '../../api/admin-api';
import { failureMessage } from '../../api/base-api';
import type { AdminEvent, DoorRoster } from '../../api/types';
import { Alert } from '../../components/Alert';
import { SelectField, TextField } from '../../components/FormField';
import { Link } from '../../components/Link';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/paths';
import { count } from '../../lib/count';
import { formatTime, isFestivalToday } from '../../lib/festival-day';
import { attendanceOf, overtaken } from './door-list';
import type { DoorList } from './use-door-list';

/**
 * The event's list kept on this phone, for a hall whose network fails: offered closed under the
 * page's header; once kept, the door's state in one line (online or not, scans waiting), the
 * count of students in, and the scans another door's earlier scan overtook.
 */
export function DoorListPanel({ door }: { door: DoorList }) {
  if (door.roster === undefined) return null;
  if (door.roster === null) return <KeepList door={door} />;
  return <KeptList door={door} roster={door.roster} />;
}

function KeepList({ door }: { door: DoorList }) {
  // The form (and its request for the admin's events) only once the admin opens it.
  const [open, setOpen] = useState(false);
  return (
    <details className="door-list" onToggle={(toggled) => setOpen(toggled.currentTarget.open)}>
      <summary className="door-list__summary">Work without the network</summary>
      <p className="door-list__hint">
        Keep an event&apos;s list of tickets on this phone: each ticket is then checked here at once, even with no network, and the scans are sent when it
        returns.
      </p>
      {open && <KeepListForm door={door} />}
    </details>
  );
}

function KeepListForm({ door }: { door: DoorList }) {
  const { data: events, error } = useGetAdminEventsQuery();
  const [eventId, setEventId] = useState<string>();
  const [name, setName] = useState(door.doorName);
  const [failure, setFailure] = useState<string>();
  const [nameError, setNameError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (error) return <Alert tone="error">{failureMessage(error, 'Your events could not be loaded. Check your connection.')}</Alert>;
  if (!events) return <Spinner label="Loading your events…" />;
  if (events.length === 0) return <p className="door-list__hint">Your club has no events, so there is no list to keep.</p>;
  const chosen = eventId ?? todaysOrFirst(events)._id;
  const submit = async (submitted: SubmitEvent) => {
    submitted.preventDefault();
    const doorName = name.replace(/\s+/g, ' ').trim();
    const refusal = !doorName ? 'Please name the door' : doorName.length > 40 ? "The door's name must be at most 40 characters" : undefined;
    setNameError(refusal);
    if (refusal) return;
    setBusy(true);
    setFailure(undefined);
    try {
      door.setDoorName(doorName);
      await door.keep(chosen);
    } catch (caught) {
      setFailure(failureMessage(caught, 'The list could not be downloaded. Check your connection and try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="door-list__form" aria-label="Keep an event's list" onSubmit={(submitted) => void submit(submitted)} noValidate>
      <SelectField
        label="Event"
        value={chosen}
        onValueChange={(value) => value && setEventId(value)}
        placeholder="Choose an event"
        options={events.map((event) => ({ value: event._id, label: event.name }))}
      />
      <TextField
        label="This door's name"
        value={name}
        onValueChange={setName}
        error={nameError}
        hint="Shown to the other doors: “Already checked in at 10:42, at Door 2”."
        maxLength={40}
        autoComplete="off"
      />
      {failure && <Alert tone="error">{failure}</Alert>}
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Downloading the list…' : 'Keep the list on this phone'}
      </button>
    </form>
  );
}

/** The event happening today in the festival's time zone; else the first one. */
function todaysOrFirst(events: AdminEvent[]): AdminEvent {
  const now = Date.now();
  return events.find((event) => event.eventDate && isFestivalToday(event.eventDate, now)) ?? events[0];
}

function KeptList({ door, roster }: { door: DoorList; roster: DoorRoster }) {
  const { present, expected } = attendanceOf(roster);
  const [failure, setFailure] = useState<string>();
  const refresh = () => {
    setFailure(undefined);
    door.refresh().catch((caught: unknown) => setFailure(failureMessage(caught, 'The list could not be read again. Check your connection.')));
  };
  return (
    <section className="door-list door-list--kept" aria-label="This phone's list">
      <div className="door-list__line">
        <span className="door-list__event">
          {roster.event.name} · {door.doorName}
        </span>
        <DoorBadge door={door} />
      </div>
      <p className="door-list__count">
        <strong>
          Checked in {present} of {expected}
        </strong>{' '}
        · list from {formatTime(roster.takenAt)}
      </p>
      {door.syncState === 'signed-out' && (
        <Alert tone="error">
          Your sign-in has ended: <Link to={paths.signIn}>sign in again</Link> to send the {count(door.waitingCount, 'scan')} waiting. They stay on this phone
          until then.
        </Alert>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
      <Overtaken roster={roster} door={door} />
      <div className="door-list__actions">
        <button type="button" className="button button--ghost" disabled={!door.online} onClick={refresh}>
          Read the list again
        </button>
        <button type="button" className="button button--ghost" onClick={() => void door.forget()}>
          Stop using the list
        </button>
      </div>
    </section>
  );
}

/** Online or offline, and what waits to be sent: the door's state in a glance, and read out as it changes. */
function DoorBadge({ door }: { door: DoorList }) {
  const waiting = count(door.waitingCount, 'scan');
  let text: string;
  if (!door.online) text = door.waitingCount > 0 ? `Offline · ${waiting} waiting` : 'Offline · every scan sent';
  else if (door.syncState === 'sending') text = `Online · sending ${waiting}`;
  else if (door.waitingCount > 0) text = `Online · ${waiting} waiting`;
  else text = 'Online · every scan sent';
  return (
    <span role="status" className={`door-badge door-badge--${door.online ? 'online' : 'offline'}`}>
      {text}
    </span>
  );
}

/** This door's scans that let someone in here, whom another door's earlier scan had let in first. */
function Overtaken({ roster, door }: { roster: DoorRoster; door: DoorList }) {
  const late = overtaken(roster, door.scans);
  if (late.length === 0) return null;
  return (
    <div className="door-list__overtaken">
      <h2 className="door-list__heading">Let in first by another door</h2>
      <ul className="door-list__late" aria-label="Let in first by another door">
        {late.map(({ scan, holders }) => {
          const first = holders[0];
          return (
            <li key={scan.id}>
              {holders.map((holder) => holder.name).join(', ')}: scanned here at {formatTime(scan.scannedAt)}; in since{' '}
              {first.checkedInAt ? formatTime(first.checkedInAt) : 'earlier'}
              {first.checkedInDoor ? `, at ${first.checkedInDoor}` : ''}.
            </li>
          );
        })}
      </ul>
    </div>
  );
}
