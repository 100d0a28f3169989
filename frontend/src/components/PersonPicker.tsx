import { useRef } from 'react';
import { failureMessage } from '../api/base-api';
import { useFocusLater } from '../lib/use-focus-later';
import type { SearchText } from '../lib/use-search-text';
import { TextField } from './FormField';
import './PersonPicker.css';

interface Person {
  _id: string;
  name: string;
  email: string;
}

/** What the search query answered, as an RTK Query hook returns it. */
interface SearchAnswer<P> {
  data?: P[];
  error?: unknown;
  isFetching: boolean;
}

interface PersonPickerProps<P extends Person> {
  label: string;
  /** The search box's text and its settled query (`useSearchText`); the caller runs the query. */
  search: SearchText;
  answer: SearchAnswer<P>;
  selected: P[];
  onAdd: (person: P) => void;
  onRemove: (person: P) => void;
  /** Nobody more may be chosen: the box is off, and `hint` says why. */
  full?: boolean;
  hint: string;
  /** The field's rule message (nobody chosen yet, or a refused pick). */
  error?: string;
  /** The status when the search finds nobody, e.g. "No students found". */
  noneFound: string;
  /** The name of the chosen people's list, e.g. "Selected members". */
  chosenLabel: string;
}

/** Finds people by name or e-mail and keeps the chosen ones as removable chips; chosen people leave the results. */
export function PersonPicker<P extends Person>({
  label,
  search,
  answer,
  selected,
  onAdd,
  onRemove,
  full = false,
  hint,
  error,
  noneFound,
  chosenLabel,
}: PersonPickerProps<P>) {
  const chosen = useRef<HTMLUListElement>(null);
  const focusLater = useFocusLater();
  // The result pressed leaves the results: focus goes to the person's chip, which says who was
  // chosen (a refused pick makes no chip and leaves focus on the result).
  const add = (person: P) => {
    onAdd(person);
    focusLater(() => chosen.current?.querySelector<HTMLElement>(`[data-person="${CSS.escape(person._id)}"]`));
  };
  return (
    <div className="person-picker">
      <TextField label={label} type="search" autoComplete="off" value={search.text} onValueChange={search.setText} disabled={full} hint={hint} error={error} />
      {!full && search.ready && <SearchResults answer={answer} selected={selected} onAdd={add} noneFound={noneFound} />}
      {selected.length > 0 && (
        <ul ref={chosen} className="person-picker__chosen" aria-label={chosenLabel}>
          {selected.map((person) => (
            <li key={person._id} className="person-chip">
              <span data-person={person._id} tabIndex={-1}>
                {person.name}
              </span>
              <button type="button" className="person-chip__remove" aria-label={`Remove ${person.name}`} onClick={() => onRemove(person)}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface SearchResultsProps<P extends Person> {
  answer: SearchAnswer<P>;
  selected: P[];
  onAdd: (person: P) => void;
  noneFound: string;
}

function SearchResults<P extends Person>({ answer: { data, error, isFetching }, selected, onAdd, noneFound }: SearchResultsProps<P>) {
  const found = data ?? [];
  const results = found.filter((person) => !selected.some(({ _id }) => _id === person._id));
  // Someone found and chosen was found: "none found" would send the user looking elsewhere.
  const empty = found.length > 0 ? 'Everyone found is already chosen' : noneFound;
  const status = isFetching ? 'Searching…' : error ? failureMessage(error, 'Search failed') : results.length === 0 ? empty : `${results.length} found`;
  return (
    <div className="person-picker__results">
      <p className="person-picker__status" role="status">
        {status}
      </p>
      {!isFetching && !error && results.length > 0 && (
        <ul aria-label="Search results">
          {results.map((person) => (
            <li key={person._id}>
              <button type="button" className="person-result" onClick={() => onAdd(person)}>
                <span className="person-result__name">{person.name}</span>
                <span className="person-result__email">{person.email}</span>
                <span className="person-result__add" aria-hidden="true">
                  Add
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
