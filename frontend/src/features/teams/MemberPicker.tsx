import type { Classmate } from '../../api/types';
import { PersonPicker } from '../../components/PersonPicker';
import { useSearchText } from '../../lib/use-search-text';
import type { Selection } from '../../lib/use-selection';
import { sameGenderNote, type TeamGender } from './team-rules';
import { useSearchClassmatesQuery } from './teams-api';

interface MemberPickerProps {
  eventId: string;
  /** The event page searches from 2 characters; the manager from any non-blank text. */
  minChars: number;
  /** The people chosen so far; at no places left the search stops offering people. */
  selection: Selection<Classmate>;
  /** Replaces `selection.add` where a pick needs checking first. */
  onAdd?: (classmate: Classmate) => void;
  /** The field's rule message (nobody selected yet, or a refused pick). */
  error?: string;
  /** On an event with boys' and girls' teams, whom the search can find (it finds nobody else). */
  teamGender?: TeamGender;
}

/** Finds classmates by name or e-mail and keeps the chosen ones; chosen people leave the results. */
export function MemberPicker({ eventId, minChars, selection, onAdd = selection.add, error, teamGender = null }: MemberPickerProps) {
  const search = useSearchText(minChars);
  const full = selection.placesLeft <= 0;
  const genderNote = teamGender ? ` ${sameGenderNote(teamGender)}` : '';
  const answer = useSearchClassmatesQuery({ q: search.query, eventId }, { skip: full || !search.ready });
  return (
    <PersonPicker
      label="Search members"
      search={search}
      answer={answer}
      selected={selection.selected}
      onAdd={onAdd}
      onRemove={selection.remove}
      full={full}
      hint={full ? 'The team is full.' : `Type ${minChars > 1 ? `${minChars} or more characters` : 'part'} of a name or e-mail.${genderNote}`}
      error={error}
      noneFound={genderNote ? `No students found.${genderNote}` : 'No students found'}
      chosenLabel="Selected members"
    />
  );
}
