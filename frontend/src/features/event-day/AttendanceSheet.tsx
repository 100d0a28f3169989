import type { AdminEvent, Applicant } from '../../api/types';
import { PrintSheet } from '../../components/PrintSheet';
import { formatDateTime } from '../../lib/dates';
import { yearLabel } from '../../lib/person-rules';

interface AttendanceSheetProps {
  event: AdminEvent;
  applicants: readonly Applicant[];
  onDone: () => void;
}

/** A team's members together, teams by name, people by name within: how a coordinator calls a roll. */
const byTeamThenName = (a: Applicant, b: Applicant) => (a.teamName ?? '').localeCompare(b.teamName ?? '') || a.name.localeCompare(b.name);

/**
 * The event's registrants on paper, for a door without a phone or a network: a row each with the
 * roll number and the team, a box to tick, the ones already checked in ticked.
 */
export function AttendanceSheet({ event, applicants, onDone }: AttendanceSheetProps) {
  const teams = event.event_type === 'group';
  const rows = [...applicants].sort(byTeamThenName);
  const facts = [event.eventDate ? formatDateTime(event.eventDate) : 'Date to be announced', event.venue, `${rows.length} registered`];
  return (
    <PrintSheet title={`Attendance: ${event.name}`} onDone={onDone}>
      <p>{facts.filter(Boolean).join(' · ')}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Name</th>
            <th scope="col">Roll number</th>
            <th scope="col">Department and year</th>
            {teams && <th scope="col">Team</th>}
            <th scope="col">Present</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((applicant, index) => (
            <tr key={applicant.userId}>
              <td>{index + 1}</td>
              <td>{applicant.name}</td>
              <td>{applicant.rollNum}</td>
              <td>{[applicant.dept, applicant.year && yearLabel(applicant.year)].filter(Boolean).join(', ')}</td>
              {teams && <td>{applicant.teamName}</td>}
              <td>{applicant.isPresent ? '☑' : '☐'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p>No one has registered yet.</p>}
      <p>Printed {formatDateTime(new Date().toISOString())}. Coordinator&apos;s signature: ______________________</p>
    </PrintSheet>
  );
}
