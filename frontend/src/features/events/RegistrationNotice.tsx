import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { RegistrationGate } from './event-rules';
import './events.css';

const notices: Record<Exclude<RegistrationGate, 'open'>, { title: string; text: string; tone?: 'full' | 'registered' }> = {
  registered: { title: "You're Registered!", text: 'See it under My Registrations.', tone: 'registered' },
  admin: { title: 'Admin Account', text: 'Admins cannot register for events' },
  full: { title: 'Registration Full', text: 'All spots have been taken', tone: 'full' },
  closed: { title: 'Registration Closed', text: 'This event no longer takes registrations' },
};

/** Why the viewer cannot register here, in the spec's words. */
export function RegistrationNotice({ gate }: { gate: Exclude<RegistrationGate, 'open'> }) {
  const { title, text, tone } = notices[gate];
  return (
    <p className={`event-page__state${tone ? ` event-page__state--${tone}` : ''}`}>
      <strong>{title}</strong> {gate === 'registered' ? <Link to={paths.myRegistrations}>{text}</Link> : text}
    </p>
  );
}
