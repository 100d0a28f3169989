import type { DetailedEvent } from '../../api/types';
import { Fact } from '../../components/Fact';

type Figures = Pick<
  DetailedEvent,
  'name' | 'isTeamEvent' | 'maxApplications' | 'availableSeats' | 'participants' | 'teamsCount' | 'recentCount' | 'occupancy' | 'averageTeamSize'
>;

/**
 * An event's name, badge and counts, as both dashboards show them (admin-side §2): seats
 * available of the maximum, participants, teams, registrations in the last 7 days and the share of
 * seats filled when there is a maximum. `headingLevel` fits where it sits in the page's outline.
 */
export function EventFigures({ event, headingLevel }: { event: Figures; headingLevel: 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="event-figures">
      <div className="event-figures__header">
        <Heading className="event-figures__name">{event.name}</Heading>
        <span className={`badge badge--${event.isTeamEvent ? 'group' : 'solo'}`}>{event.isTeamEvent ? 'Team Event' : 'Individual Event'}</span>
      </div>
      <dl className="facts facts--compact event-figures__facts">
        <Fact label={event.isTeamEvent ? 'Team places available' : 'Seats available'}>
          {event.maxApplications === null ? 'Unlimited' : `${event.availableSeats ?? 0} / ${event.maxApplications}`}
        </Fact>
        <Fact label="Participants">{event.participants}</Fact>
        {event.isTeamEvent && <Fact label="Teams">{event.teamsCount}</Fact>}
        {event.averageTeamSize !== null && <Fact label="Average team size">{event.averageTeamSize}</Fact>}
        <Fact label="Recent (7 days)">{event.recentCount}</Fact>
        {event.occupancy !== null && <Fact label="Filled">{event.occupancy}%</Fact>}
      </dl>
    </div>
  );
}
