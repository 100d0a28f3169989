import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { failureMessage } from '../../api/base-api';
import type { Invite } from '../../api/types';
import { Fact } from '../../components/Fact';
import { Link } from '../../components/Link';
import { useGoToSection } from '../../components/SectionLink';
import { Spinner } from '../../components/Spinner';
import { StatusPanel } from '../../components/StatusPanel';
import { eventPath, homeSections, paths, returnTo } from '../../config/paths';
import { formatDateTime } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { forgetPendingInvite, keepPendingInvite } from '../../session/pending-invite';
import { useSession } from '../../session/use-session';
import { useToast } from '../../toasts/use-toast';
import { endedText, eventName, inviterName, teamName } from './invite-text';
import { useGetInviteQuery, useRespondToInviteMutation, type InviteResponse } from './invites-api';
import '../../components/panel.css';
import './invites.css';

/** /invite/{token}: the e-mailed link. Visitors sign in first and come back here. */
export function InvitePage() {
  const { token = '' } = useParams();
  const { user, isLoading } = useSession();
  useDocumentTitle('Team invite');
  if (isLoading) return <Spinner label="Checking your sign-in…" />;
  if (!user) return <SignInFirst token={token} />;
  return <InviteAnswer token={token} />;
}

function SignInFirst({ token }: { token: string }) {
  const location = useLocation();
  useEffect(() => keepPendingInvite(token), [token]);
  return <Navigate to={paths.login} replace state={returnTo(location)} />;
}

function EventsLink() {
  return (
    <Link to={paths.home} className="button button--ghost">
      Browse events
    </Link>
  );
}

function InviteAnswer({ token }: { token: string }) {
  const { data: invite, error } = useGetInviteQuery(token);
  // Shown to the student it was kept for: sign-in need not lead here again.
  useEffect(forgetPendingInvite, []);
  let view;
  if (error) {
    view = (
      <StatusPanel title="Invalid or expired invite" tone="error" headingLevel={1} actions={<EventsLink />}>
        <p>{failureMessage(error, 'Invalid or expired invite')}</p>
      </StatusPanel>
    );
  } else if (!invite) {
    view = <Spinner label="Loading the invite…" />;
  } else if (invite.status !== 'pending') {
    view = (
      <StatusPanel title="Team invite" headingLevel={1} actions={<EventsLink />}>
        <p>{endedText(invite.status)}</p>
      </StatusPanel>
    );
  } else {
    view = <PendingInvite invite={invite} token={token} />;
  }
  return <div className="page page--narrow">{view}</div>;
}

function PendingInvite({ invite, token }: { invite: Invite; token: string }) {
  const [respond, { isLoading, originalArgs }] = useRespondToInviteMutation();
  const toast = useToast();
  const goToSection = useGoToSection();
  const navigate = useNavigate();

  const answer = async (response: InviteResponse) => {
    const result = await respond({ invite: token, response });
    if (result.error) {
      toast.error(failureMessage(result.error, `Failed to ${response} invite`));
      return;
    }
    toast.success(result.data);
    // A new member goes to the team's event, where Your Teams shows the team; a refusal, back to the events.
    const event = invite.eventId;
    if (response === 'accept' && event) void navigate(eventPath(event._id, event.name));
    else goToSection(homeSections.events);
  };
  const busyWith = isLoading ? originalArgs?.response : undefined;

  return (
    <section className="panel invite-page" aria-labelledby="invite-title">
      <h1 id="invite-title" className="page-title">
        Join {teamName(invite)}
      </h1>
      <p>
        {inviterName(invite)} invited you to join their team for {eventName(invite)}.
      </p>
      <dl className="facts facts--compact">
        <Fact label="Event">{eventName(invite)}</Fact>
        <Fact label="Team">{teamName(invite)}</Fact>
        <Fact label="Invited by">
          {inviterName(invite)}
          {invite.inviterId?.email && <span className="invite-page__email">{invite.inviterId.email}</span>}
        </Fact>
        <Fact label="Expires">{formatDateTime(invite.expiresAt)}</Fact>
      </dl>
      <div className="invite-page__actions">
        <button type="button" className="button button--ghost" disabled={isLoading} onClick={() => void answer('decline')}>
          {busyWith === 'decline' ? 'Declining...' : 'Decline'}
        </button>
        <button type="button" className="button button--primary" disabled={isLoading} onClick={() => void answer('accept')}>
          {busyWith === 'accept' ? 'Joining...' : 'Accept & Join Team'}
        </button>
      </div>
    </section>
  );
}
