import type { FestEvent } from '../../api/types';
import { Fact } from '../../components/Fact';
import { TypeBadge } from '../../components/TypeBadge';
import { clubName } from './event-rules';
import { teamSizeText } from './event-texts';
import './events.css';

/** The event's type badge, title and description, heading its page. */
export function EventHeader({ event }: { event: FestEvent }) {
  return (
    <header className="event-page__header">
      <TypeBadge type={event.event_type} />
      <h1>{event.name}</h1>
      {event.description && <p className="event-page__description">{event.description}</p>}
    </header>
  );
}

/** The event as /enroll and /register show it: type, title, description, club, staff and team size. */
export function EventSummary({ event }: { event: FestEvent }) {
  return (
    <>
      <EventHeader event={event} />
      <dl className="facts">
        <Fact label="Organizing club">{clubName(event)}</Fact>
        {event.staff_incharges.length > 0 && (
          <Fact label="Staff in-charge">
            <ul className="plain-list">
              {event.staff_incharges.map((member) => (
                <li key={member.email}>
                  {member.name}
                  <br />
                  <a href={`mailto:${member.email}`}>{member.email}</a>
                </li>
              ))}
            </ul>
          </Fact>
        )}
        {event.event_type === 'group' && <Fact label="Team size">{teamSizeText(event)}</Fact>}
      </dl>
    </>
  );
}
