import { lazy, Suspense } from 'react';
import { useGetMyCertificatesQuery } from '../../api/certificates-api';
import type { Invite, StudentCertificate, StudentMessage, WaitlistEntry } from '../../api/types';
import { useGetWaitlistQuery } from '../../api/waitlist-api';
import { Spinner } from '../../components/Spinner';
import type { QueryState } from '../../lib/query-state';
import { useDisclosure } from '../../lib/use-disclosure';
import { useOnReturn } from '../../lib/use-on-return';
import { useGetNotificationsQuery } from './invites-api';
import { useGetMyMessagesQuery } from './messages-api';
import { useSeenCertificates, useSeenMessages } from './seen-messages';
import './bell.css';

/** Spec §9: the list reloads every 30 s (and when the tab is back in front). */
const POLL_MS = 30_000;

// The list and its answers load on first opening: the bell itself sits on every page.
const NotificationsPanel = lazy(async () => ({ default: (await import('./NotificationsPanel')).NotificationsPanel }));

/**
 * The bell's button with the unread count, and on demand the list of invites, offered seats, the
 * organisers' messages and the student's certificates.
 */
export function Bell({ userId }: { userId: string }) {
  const invites = useInvites();
  const offers = useOffers();
  const messages = useMessages();
  const seen = useSeenMessages(userId, messages.data ?? []);
  const certificates = useCertificates();
  const seenCertificates = useSeenCertificates(userId, certificates);
  const menu = useDisclosure<HTMLDivElement>('notifications-panel');
  // An offered seat waits on an answer, as an unread invite does; a message or a certificate is unread until the bell is opened.
  const unread = invites.filter((invite) => !invite.isRead).length + offers.length + seen.unread + seenCertificates.unread;
  const toggle = () => {
    if (!menu.open) {
      seen.opened();
      seenCertificates.opened();
    }
    menu.triggerProps.onClick();
  };
  return (
    <div ref={menu.area} className="bell">
      <button
        {...menu.triggerProps}
        onClick={toggle}
        className="icon-button bell__button"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      >
        <BellIcon />
        {unread > 0 && (
          <span className="bell__count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {/* Always there, so the button's aria-controls names an element; filled once opened. */}
      <div id="notifications-panel" className="bell__panel" hidden={!menu.open}>
        {menu.open && (
          <Suspense fallback={<Spinner label="Loading notifications…" />}>
            <NotificationsPanel
              invites={invites}
              offers={offers}
              messages={messages}
              isNew={seen.isNew}
              certificates={certificates}
              isNewCertificate={seenCertificates.isNew}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}

// A failed load shows an empty list and says nothing (spec §7).
function useInvites(): Invite[] {
  const { data, error, refetch } = useGetNotificationsQuery(undefined, { pollingInterval: POLL_MS });
  useOnReturn(() => void refetch());
  return error ? [] : (data ?? []);
}

/** Seats held for the student that they may answer (a team's, for its leader), polled like the invites. */
function useOffers(): WaitlistEntry[] {
  const { data, error, refetch } = useGetWaitlistQuery(undefined, { pollingInterval: POLL_MS });
  useOnReturn(() => void refetch());
  return error || !data ? [] : data.filter((entry) => entry.status === 'offered' && entry.canAnswer);
}

/** The organisers' messages, polled like the invites; a failed load is said in the list, with Try Again. */
function useMessages(): QueryState<StudentMessage[]> {
  const query = useGetMyMessagesQuery(undefined, { pollingInterval: POLL_MS });
  useOnReturn(() => void query.refetch());
  return query;
}

/** The student's certificates, polled like the invites; a failed load shows none, as the list of My Registrations has them too. */
function useCertificates(): StudentCertificate[] {
  const { data, error, refetch } = useGetMyCertificatesQuery(undefined, { pollingInterval: POLL_MS });
  useOnReturn(() => void refetch());
  return error ? [] : (data ?? []);
}

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1z"
        fill="currentColor"
      />
    </svg>
  );
}
