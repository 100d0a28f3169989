import type { WinnerPlace } from '../api/types';
import './WinnerPlaces.css';

const PLACE_NAMES = ['First place', 'Second place', 'Third place'];
const placeName = (place: number) => PLACE_NAMES[place - 1] ?? `Place ${place}`;

/** An event's confirmed places, first place first: a student's name and department, or a team's name and members. */
export function WinnerPlaces({ winners, label }: { winners: WinnerPlace[]; label: string }) {
  return (
    <ol className="winner-places" aria-label={label}>
      {winners.map((winner) => (
        <li key={winner.place} className={`winner-places__item winner-places__item--${Math.min(winner.place, 4)}`}>
          <span className="winner-places__place" aria-hidden="true">
            {winner.place}
          </span>
          <div className="winner-places__who">
            <span className="visually-hidden">{placeName(winner.place)}: </span>
            <strong className="winner-places__name">{winner.teamName ?? winner.name}</strong>
            {winner.members ? (
              <span className="winner-places__detail">{winner.members.join(', ')}</span>
            ) : (
              winner.dept && <span className="winner-places__detail">{winner.dept}</span>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
