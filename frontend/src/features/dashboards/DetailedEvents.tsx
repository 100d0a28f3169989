import type { ClubEvents, DashboardTeam, DetailedEvent, EventsRegistrations } from '../../api/types';
import { PersonCells, PersonHeaders } from '../../components/PersonCells';
import { QueryView } from '../../components/QueryView';
import { StatusPanel } from '../../components/StatusPanel';
import { count } from '../../lib/count';
import { formatDateTime } from '../../lib/dates';
import type { QueryState } from '../../lib/query-state';
import { AllParticipants } from './AllParticipants';
import { EventFillFigure } from './ChartFigure';
import { DashboardTotals } from './DashboardTotals';
import { EventFigures } from './EventFigures';
import { PanelEmpty } from './PanelEmpty';

/** The super admin's detailed events panel: every club's events with their counts and latest teams or registrations. */
export function DetailedEvents({ query }: { query: QueryState<EventsRegistrations> }) {
  return (
    <QueryView query={query} errorTitle="Failed to load dashboard data" loadingLabel="Loading the dashboard…" headingLevel={3}>
      {(data) => <AllClubsEvents data={data} />}
    </QueryView>
  );
}

function AllClubsEvents({ data }: { data: EventsRegistrations }) {
  if (data.clubs.length === 0) return <StatusPanel title="No events found" headingLevel={3} />;
  return (
    <>
      <DashboardTotals
        lastUpdated={data.lastUpdated}
        totals={[
          ['Clubs', data.totalClubs],
          ['Events', data.totalEvents],
          ['Registrations', data.totalRegistrations],
        ]}
      />
      <EventFillFigure events={data.clubs.flatMap((club) => club.events)} />
      {data.clubs.map((club) => (
        <ClubEventsSection key={club.clubName} club={club} />
      ))}
    </>
  );
}

const headingId = (prefix: string, name: string) => `${prefix}-${name.replace(/\W+/g, '-')}`;

function ClubEventsSection({ club }: { club: ClubEvents }) {
  const id = headingId('detailed-club', club.clubName);
  return (
    <section className="detailed-club" aria-labelledby={id}>
      <header className="detailed-club__header">
        <h3 id={id} className="detailed-club__name">
          {club.clubName}
        </h3>
        <p className="panel__hint">
          {count(club.totalEvents, 'event')} · {count(club.totalRegistrations, 'registration')}
        </p>
      </header>
      {club.events.length === 0 ? (
        <PanelEmpty title="No events found">This club hasn&apos;t created any events yet</PanelEmpty>
      ) : (
        <ul className="detailed-club__events" aria-label={`${club.clubName} events`}>
          {club.events.map((event) => (
            <li key={event._id}>
              <DetailedEventCard event={event} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DetailedEventCard({ event }: { event: DetailedEvent }) {
  const shown = event.isTeamEvent ? event.teams.length : event.registrations.length;
  const total = event.isTeamEvent ? event.teamsCount : event.participants;
  return (
    <article className="panel detailed-event" aria-label={event.name}>
      <EventFigures event={event} headingLevel={4} />
      {/* One line per event: a panel's empty state repeated down a club's events drowned the figures. */}
      {shown === 0 ? (
        <p className="panel__hint">No registrations yet. Participants will appear here once they register.</p>
      ) : (
        <>
          {/* The server sends each event's latest few rows; every participant is one click away. */}
          {shown < total && (
            <p className="panel__hint">
              Latest {shown} of {total} {event.isTeamEvent ? 'teams' : 'registrations'}
            </p>
          )}
          {event.isTeamEvent ? <TeamTable teams={event.teams} /> : <RegistrationTable event={event} />}
          <AllParticipants event={event} />
        </>
      )}
    </article>
  );
}

function TeamTable({ teams }: { teams: DashboardTeam[] }) {
  return (
    <table className="admin-table detailed-table">
      <thead>
        <tr>
          <th scope="col">Team</th>
          <th scope="col">Name</th>
          <PersonHeaders />
          <th scope="col">Role</th>
        </tr>
      </thead>
      {teams.map((team) => (
        <tbody key={team._id} className="detailed-table__team">
          {[team.leader, ...team.members].map((person, index) => (
            <tr key={`${person.email}-${index}`}>
              <td data-label="Team">{team.teamName}</td>
              <th scope="row" data-label="Name" className="admin-table__key">
                {person.name}
              </th>
              <PersonCells applicant={person} />
              <td data-label="Role">{index === 0 ? 'Leader' : 'Member'}</td>
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}

function RegistrationTable({ event }: { event: DetailedEvent }) {
  return (
    <table className="admin-table detailed-table">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <PersonHeaders />
          <th scope="col">Registered</th>
        </tr>
      </thead>
      <tbody>
        {event.registrations.map((row) => (
          <tr key={`${row.userEmail}-${row.registeredAt}`}>
            <th scope="row" data-label="Name" className="admin-table__key">
              {row.userName}
            </th>
            <PersonCells applicant={{ email: row.userEmail, dept: row.userDept, year: row.userYear }} />
            <td data-label="Registered">{formatDateTime(row.registeredAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
