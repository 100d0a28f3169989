import { useRef } from 'react';
import { failureMessage } from '../../api/base-api';
import type { Invite, StudentCertificate, StudentMessage, WaitlistEntry } from '../../api/types';
import { useWaitlistViews } from '../../components/WaitlistViews';
import type { QueryState } from '../../lib/query-state';
import { useToast } from '../../toasts/use-toast';
import { CertificateNotices } from './CertificateNotices';
import { eventName, inviteMessage, inviterName, sentAt, teamName } from './invite-text';
import { useMarkInviteReadMutation, useRespondToInviteMutation, type InviteResponse } from './invites-api';
import { OrganiserMessages } from './OrganiserMessages';

interface NotificationsPanelProps {
  invites: Invite[];
  offers: WaitlistEntry[];
  messages: QueryState<StudentMessage[]>;
  isNew: (message: StudentMessage) => boolean;
  certificates: StudentCertificate[];
  isNewCertificate: (certificate: StudentCertificate) => boolean;
}

/**
 * The bell's list: each seat offered to the student (first: it is held for a while only), then
 * each pending invite with who, which team and event, when, and its answers; below, the
 * organisers' messages and the student's certificates.
 */
export function NotificationsPanel({ invites, offers, messages, isNew, certificates, isNewCertificate }: NotificationsPanelProps) {
  const views = useWaitlistViews();
  // An answered offer leaves the list with the button that had focus: focus stays in the panel, on its title.
  const title = useRef<HTMLHeadingElement>(null);
  return (
    <div>
      <h2 ref={title} className="bell__title" tabIndex={-1}>
        Notifications
      </h2>
      {invites.length === 0 && offers.length === 0 ? (
        <p className="bell__empty">No new notifications</p>
      ) : (
        <ul className="bell__list">
          {views && offers.length > 0 && <views.OfferNotifications offers={offers} onAnswered={() => title.current?.focus()} />}
          {invites.map((invite) => (
            <li key={invite._id}>
              <InviteItem invite={invite} />
            </li>
          ))}
        </ul>
      )}
      <OrganiserMessages messages={messages} isNew={isNew} />
      <CertificateNotices certificates={certificates} isNew={isNewCertificate} />
    </div>
  );
}

function InviteItem({ invite }: { invite: Invite }) {
  const [respond, { isLoading, originalArgs }] = useRespondToInviteMutation();
  const [markRead] = useMarkInviteReadMutation();
  const toast = useToast();
  const busyWith = isLoading ? originalArgs?.response : undefined;

  const answer = async (response: InviteResponse) => {
    const result = await respond({ invite: invite._id, response });
    if (result.error) toast.error(failureMessage(result.error, `Failed to ${response} invite`));
    else toast.success(result.data);
  };

  return (
    <article className={`bell__item${invite.isRead ? '' : ' bell__item--unread'}`} aria-label={`Invite from ${inviterName(invite)} to ${teamName(invite)}`}>
      <p className="bell__headline">
        <strong>{inviterName(invite)}</strong> {!invite.isRead && <span className="badge bell__new">New</span>}
      </p>
      <p>{inviteMessage(invite)}</p>
      <p className="bell__meta">
        Team {teamName(invite)} · {eventName(invite)}
      </p>
      <p className="bell__meta">{sentAt(invite)}</p>
      <div className="bell__actions">
        <button type="button" className="button button--primary button--small" disabled={isLoading} onClick={() => void answer('accept')}>
          {busyWith === 'accept' ? 'Joining...' : 'Accept'}
        </button>
        <button type="button" className="button button--ghost button--small" disabled={isLoading} onClick={() => void answer('decline')}>
          {busyWith === 'decline' ? 'Declining...' : 'Decline'}
        </button>
        {!invite.isRead && (
          <button type="button" className="bell__mark" onClick={() => void markRead(invite._id)}>
            Mark as read
          </button>
        )}
      </div>
    </article>
  );
}
