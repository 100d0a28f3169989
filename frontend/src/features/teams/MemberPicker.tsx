import { useState } from 'react';
import { failureMessage } from '../../api/base-api';
import type { Classmate } from '../../api/types';
import { TextField } from '../../components/FormField';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useSearchClassmatesQuery } from './teams-api';
import type { Selection } from './use-selection';

/** Typing settles for this long before the search runs (spec §9's filter delay). */
const SEARCH_DELAY_MS = 300;

interface MemberPickerProps {
  eventId: string;
  /** The event page searches from 2 characters; the manager from any non-blank text. */
  minChars: number;
  /** The people chosen so far; at no places left the search stops offering people. */
  selection: Selection;
  /** Replaces `selection.add` where a pick needs checking first. */
  onAdd?: (classmate: Classmate) => void;
  /** The field's rule message (nobody selected yet, or a refused pick). */
  error?: string;
}

/** Finds classmates by name or e-mail and keeps the chosen ones; chosen people leave the results. */
export function MemberPicker({ eventId, minChars, selection, onAdd = selection.add, error }: MemberPickerProps) {
  const { selected, remove } = selection;
  const [text, setText] = useState('');
  const full = selection.placesLeft <= 0;
  return (
    <div className="member-picker">
      <TextField
        label="Search members"
        type="search"
        autoComplete="off"
        value={text}
        onValueChange={setText}
        disabled={full}
        hint={full ? 'The team is full.' : `Type ${minChars > 1 ? `${minChars} or more characters` : 'part'} of a name or e-mail.`}
        error={error}
      />
      {!full && <SearchResults eventId={eventId} text={text} minChars={minChars} selected={selected} onAdd={onAdd} />}
      {selected.length > 0 && (
        <ul className="member-picker__chosen" aria-label="Selected members">
          {selected.map((classmate) => (
            <li key={classmate._id} className="member-chip">
              <span>{classmate.name}</span>
              <button type="button" className="member-chip__remove" aria-label={`Remove ${classmate.name}`} onClick={() => remove(classmate)}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface SearchResultsProps {
  eventId: string;
  text: string;
  minChars: number;
  selected: Classmate[];
  onAdd: (classmate: Classmate) => void;
}

function SearchResults({ eventId, text, minChars, selected, onAdd }: SearchResultsProps) {
  const q = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const skip = q.length < Math.max(1, minChars);
  const { data, error, isFetching } = useSearchClassmatesQuery({ q, eventId }, { skip });
  if (skip) return null;
  const results = (data ?? []).filter((classmate) => !selected.some(({ _id }) => _id === classmate._id));
  const status = isFetching
    ? 'Searching…'
    : error
      ? failureMessage(error, 'Search failed')
      : results.length === 0
        ? 'No students found'
        : `${results.length} found`;
  return (
    <div className="member-picker__results">
      <p className="member-picker__status" role="status">
        {status}
      </p>
      {!isFetching && !error && results.length > 0 && (
        <ul aria-label="Search results">
          {results.map((classmate) => (
            <li key={classmate._id}>
              <button type="button" className="member-result" onClick={() => onAdd(classmate)}>
                <span className="member-result__name">{classmate.name}</span>
                <span className="member-result__email">{classmate.email}</span>
                <span className="member-result__add" aria-hidden="true">
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
