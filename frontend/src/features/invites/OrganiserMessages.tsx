import { useId } from 'react';
import type { StudentMessage } from '../../api/types';
import { QueryView } from '../../components/QueryView';
import { formatDateTime } from '../../lib/dates';
import type { QueryState } from '../../lib/query-state';

interface OrganiserMessagesProps {
  messages: QueryState<StudentMessage[]>;
  /** Unread when the bell was opened: marked New. */
  isNew: (message: StudentMessage) => boolean;
}

/** The bell's "Messages from organisers": each with its event, subject, words and when, newest first. */
export function OrganiserMessages({ messages, isNew }: OrganiserMessagesProps) {
  const titleId = useId();
  return (
    <section className="bell__section" aria-labelledby={titleId}>
      <h3 id={titleId} className="bell__section-title">
        Messages from organisers
      </h3>
      <QueryView query={messages} errorTitle="Failed to load messages" loadingLabel="Loading messages…" headingLevel={3}>
        {(list) =>
          list.length === 0 ? (
            <p className="bell__empty">No messages from organisers yet.</p>
          ) : (
            <ul className="bell__list">
              {list.map((message) => (
                <li key={message._id}>
                  <MessageItem message={message} unread={isNew(message)} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </section>
  );
}

function MessageItem({ message, unread }: { message: StudentMessage; unread: boolean }) {
  return (
    <article className={`bell__item${unread ? ' bell__item--unread' : ''}`} aria-label={`${message.eventName}: ${message.subject}`}>
      <p className="bell__headline">
        <strong>{message.subject}</strong> {unread && <span className="badge bell__new">New</span>}
      </p>
      <p className="bell__meta">{message.clubInCharge ? `${message.eventName} · From ${message.clubInCharge}` : message.eventName}</p>
      <p className="bell__message">{message.body}</p>
      <p className="bell__meta">{formatDateTime(message.sentAt)}</p>
    </article>
  );
}
