import type { Applicant } from '../api/types';
import { PersonCells, PersonHeaders } from './PersonCells';

interface ApplicantsTableProps {
  eventName: string;
  applicants: Applicant[];
  isGroupEvent: boolean;
  /** Attendance mode: each row's attendance can be toggled. */
  marking: boolean;
  /** Whether the event's day has come: before it nobody is absent, attendance is not taken yet. */
  dayHasCome: boolean;
  onMark: (applicant: Applicant, isPresent: boolean) => void;
}

/**
 * The event's applicants (admin-side §2): a group event's grouped by team, an individual event's
 * one per row. On phones the admin table turns each row (a group event: each team) into a card.
 */
export function ApplicantsTable({ isGroupEvent, ...table }: ApplicantsTableProps) {
  return isGroupEvent ? <GroupTable {...table} /> : <IndividualTable {...table} />;
}

type TableProps = Omit<ApplicantsTableProps, 'isGroupEvent'>;

function IndividualTable({ eventName, applicants, marking, dayHasCome, onMark }: TableProps) {
  return (
    <table className="admin-table event-day__table">
      <caption className="visually-hidden">Applicants of {eventName}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <PersonHeaders rollLabel="Roll Num" />
          <th scope="col">Attendance</th>
        </tr>
      </thead>
      <tbody>
        {applicants.map((applicant) => (
          <tr key={applicant.userId}>
            <th scope="row" className="admin-table__key" data-label="Name">
              {applicant.name}
            </th>
            <PersonCells applicant={applicant} rollLabel="Roll Num" />
            <td data-label="Attendance">
              <Attendance applicant={applicant} marking={marking} dayHasCome={dayHasCome} onMark={onMark} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function GroupTable({ eventName, applicants, marking, dayHasCome, onMark }: TableProps) {
  return (
    <table className="admin-table event-day__table event-day__table--teams">
      <caption className="visually-hidden">Applicants of {eventName}, by team</caption>
      <thead>
        <tr>
          <th scope="col">S.No</th>
          <th scope="col">Team Name</th>
          <th scope="col">Applicant Name</th>
          <PersonHeaders rollLabel="Roll Number" />
          <th scope="col">Attendance</th>
        </tr>
      </thead>
      {byTeam(applicants).map((team, index) => (
        // One row group per team, so a phone shows each team as one card.
        <tbody key={team.teamId} className="event-day__team">
          {team.members.map((member, row) => (
            <tr key={member.userId}>
              {row === 0 && (
                <>
                  <td rowSpan={team.members.length} data-label="S.No">
                    {index + 1}
                  </td>
                  <th scope="rowgroup" rowSpan={team.members.length} className="admin-table__key" data-label="Team Name">
                    {team.teamName}
                  </th>
                </>
              )}
              <th scope="row" className="admin-table__key" data-label="Applicant Name">
                {member.name}
              </th>
              <PersonCells applicant={member} rollLabel="Roll Number" />
              <td data-label="Attendance">
                <Attendance applicant={member} marking={marking} dayHasCome={dayHasCome} onMark={onMark} />
              </td>
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}

type AttendanceProps = Pick<TableProps, 'marking' | 'dayHasCome' | 'onMark'> & { applicant: Applicant };

/** Present or absent from the event's day (a checkbox while marking); before it, not taken yet. */
function Attendance({ applicant, marking, dayHasCome, onMark }: AttendanceProps) {
  if (!marking && !dayHasCome) return <span className="badge status-badge">Not taken yet</span>;
  if (!marking) {
    return (
      <span className={`badge status-badge status-badge--${applicant.isPresent ? 'active' : 'inactive'}`}>{applicant.isPresent ? 'Present' : 'Absent'}</span>
    );
  }
  return (
    <label className="event-day__mark">
      <input
        type="checkbox"
        checked={applicant.isPresent}
        onChange={(change) => onMark(applicant, change.target.checked)}
        aria-label={`${applicant.name} present`}
      />
      <span aria-hidden="true">Present</span>
    </label>
  );
}

/** A registered team and its members, as the group table lists them. */
interface TeamRows {
  teamId: string;
  teamName: string;
  members: Applicant[];
}

/** Team members gathered under their team, teams in the order they applied (the server's order). */
export function byTeam(applicants: readonly Applicant[]): TeamRows[] {
  const teams = new Map<string, TeamRows>();
  for (const applicant of applicants) {
    const teamId = applicant.teamId ?? `solo:${applicant.userId}`;
    const team = teams.get(teamId) ?? { teamId, teamName: applicant.teamName ?? applicant.name, members: [] };
    team.members.push(applicant);
    teams.set(teamId, team);
  }
  return [...teams.values()];
}
