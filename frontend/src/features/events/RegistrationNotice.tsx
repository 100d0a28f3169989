import type { FestEvent } from '../../api/types';
import { Link } from '../../components/Link';
import { paths } from '../../config/paths';
import { closedText, opensInText, opensOnText, type RegistrationGate } from './event-rules';
import './events.css';

interface Notice {
  title: string;
  text: string;
  tone?: 'full' | 'registered';
}

const notices: Record<Exclude<RegistrationGate, 'open' | 'upcoming' | 'closed'>, Notice> = {
  registered: { title: "You're Registered!", text: 'See it under My Registrations.', tone: 'registered' },
  admin: { title: 'Admin Account', text: 'Admins cannot register for events' },
  full: { title: 'Registration Full', text: 'All spots have been taken', tone: 'full' },
};

interface RegistrationNoticeProps {
  gate: Exclude<RegistrationGate, 'open'>;
  event: FestEvent;
  now: number;
  opensAt: string | undefined;
}

/** The dated states: when registration opens (counting down), or when it closed. */
function datedNotice({ gate, event, now, opensAt }: RegistrationNoticeProps): Notice {
  if (gate === 'upcoming' && opensAt) return { title: 'Registration Not Open Yet', text: `${opensOnText(opensAt)}, ${opensInText(opensAt, now)}.` };
  const closed = closedText(event, now);
  return { title: 'Registration Closed', text: closed === 'Registration Closed' ? 'This event no longer takes registrations' : `${closed}.` };
}

/** Why the viewer cannot register here, in the spec's words. */
export function RegistrationNotice(props: RegistrationNoticeProps) {
  const { gate } = props;
  const { title, text, tone } = gate === 'upcoming' || gate === 'closed' ? datedNotice(props) : notices[gate];
  return (
    <p className={`event-page__state${tone ? ` event-page__state--${tone}` : ''}`}>
      <strong>{title}</strong> {gate === 'registered' ? <Link to={paths.myRegistrations}>{text}</Link> : text}
    </p>
  );
}
