import type { WaitlistEntry } from '../../api/types';
import { EntryAnswers } from './EntryAnswers';
import { heldUntil } from './waitlist-text';
import './waitlist.css';

/**
 * The bell's offers, in its list's item style: each seat held for the student, until when, with
 * Accept and Decline. Marked as waiting on the student for as long as it is held (no read state).
 */
export function OfferNotifications({ offers, onAnswered }: { offers: WaitlistEntry[]; onAnswered: () => void }) {
  return offers.map((offer) => (
    <li key={offer.id}>
      <article className="bell__item bell__item--unread" aria-label={`Seat offered for ${offer.event.name}`}>
        <p className="bell__headline">
          <strong>A seat is yours</strong>
        </p>
        <p>
          A seat for {offer.event.name} is yours until {heldUntil(offer)}
        </p>
        {offer.team && <p className="bell__meta">Team {offer.team.name}</p>}
        <EntryAnswers entry={offer} onAnswered={onAnswered} />
      </article>
    </li>
  ));
}
