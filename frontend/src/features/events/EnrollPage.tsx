import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { FestEvent } from '../../api/types';
import { Alert } from '../../components/Alert';
import { TextField } from '../../components/FormField';
import { Link } from '../../components/Link';
import { StatusPanel } from '../../components/StatusPanel';
import { paths, returnTo } from '../../config/paths';
import { useSession } from '../../session/use-session';
import { registrationGate } from './event-rules';
import { BackToEvents, EventLoader } from './EventLoader';
import { EventRules } from './EventRules';
import { EventSummary } from './EventSummary';
import { GroupEnrollForm } from './GroupEnrollForm';
import { useRegistrationClock } from './registration-opening';
import { RegistrationNotice } from './RegistrationNotice';
import { useSoloRegistration } from './use-solo-registration';
import '../../components/panel.css';

/** /enroll?eventId=…: an event's essentials and a way to register for it. */
export function EnrollPage() {
  const eventId = useSearchParams()[0].get('eventId');
  if (!eventId) return <EnrollProblem message="No event selected." />;
  return (
    <EventLoader eventId={eventId} notFound={<EnrollProblem message="Event not found. Please select a valid event." />}>
      {(event) => <Enrollment event={event} />}
    </EventLoader>
  );
}

function EnrollProblem({ message }: { message: string }) {
  return (
    <div className="page page--narrow">
      <StatusPanel title={message} headingLevel={1} actions={<BackToEvents />} />
    </div>
  );
}

function Enrollment({ event }: { event: FestEvent }) {
  return (
    <div className="page page--narrow event-page enroll-page">
      <BackToEvents />
      <EventSummary event={event} />
      <section className="panel" aria-labelledby="enroll-title">
        <h2 id="enroll-title" className="panel__title">
          Registration
        </h2>
        <EnrollAction event={event} />
      </section>
      <EventRules rules={event.rules} />
    </div>
  );
}

function EnrollAction({ event }: { event: FestEvent }) {
  const { user } = useSession();
  const { opensAt, now } = useRegistrationClock();
  const gate = registrationGate(event, user, now, opensAt);
  if (gate !== 'open') return <RegistrationNotice gate={gate} event={event} now={now} opensAt={opensAt} />;
  return event.event_type === 'group' ? <GroupEnrollment event={event} /> : <SoloEnrollment event={event} />;
}

/** The team form for its leader; a visitor signs in first and comes back here. */
function GroupEnrollment({ event }: { event: FestEvent }) {
  const { user } = useSession();
  const location = useLocation();
  if (user) return <GroupEnrollForm event={event} user={user} />;
  return (
    <Link to={paths.login} state={returnTo(location)} className="button button--primary button--block">
      Sign in to register
    </Link>
  );
}

/** The event, the signed-in student's name and e-mail (read-only), and Register Solo. */
function SoloEnrollment({ event }: { event: FestEvent }) {
  const { user } = useSession();
  const { register, registering, outcome } = useSoloRegistration(event);
  const navigate = useNavigate();
  const location = useLocation();

  const registerSolo = () => {
    if (user) void register(user);
    else void navigate(paths.login, { state: returnTo(location) });
  };

  return (
    <div className="enroll-form">
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <TextField label="Event" value={event.name} readOnly />
      {user && (
        <>
          <TextField label="Name" value={user.name} readOnly />
          <TextField label="Email" value={user.email} readOnly />
        </>
      )}
      <button type="button" className="button button--primary button--block" onClick={registerSolo} disabled={registering}>
        {registering ? 'Registering...' : 'Register Solo'}
      </button>
    </div>
  );
}
