import { useState, type SubmitEvent } from 'react';
import { TextField } from '../../components/FormField';
import { Modal, ModalActions } from '../../components/Modal';

interface WinnersCountDialogProps {
  /** How many may win: the applicants, a team counting once on a group event (the server's limit). */
  limit: number;
  /** How many of them are marked present, the only ones who can be placed. */
  present: number;
  onClose: () => void;
  onChosen: (count: number) => void;
}

/** What is wrong with the typed count, if anything. */
function countError(text: string, limit: number): string | undefined {
  if (text.trim() === '') return undefined;
  const count = Number(text);
  if (!Number.isInteger(count)) return 'Enter a whole number of winners';
  if (count < 1) return 'Choose at least 1 winner';
  if (count > limit) return `Choose between 1 and ${limit} winners`;
  return undefined;
}

/** The number of winners (admin-side §4): at least 1, at most the number of applicants. */
export function WinnersCountDialog({ limit, present, onClose, onChosen }: WinnersCountDialogProps) {
  const [text, setText] = useState('1');
  const error = countError(text, limit);
  const valid = text.trim() !== '' && !error;
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (valid) onChosen(Number(text));
  };
  // Only the present can be placed, so the admin sees how many that is before asking for more.
  const presentNote = present === 1 ? '1 is marked present.' : `${present} are marked present.`;
  return (
    <Modal title="Choose Winners" onClose={onClose}>
      <form className="modal__form" onSubmit={submit} noValidate>
        <TextField
          label="Number of winners"
          type="number"
          inputMode="numeric"
          min={1}
          max={limit}
          step={1}
          value={text}
          onValueChange={setText}
          error={error}
          hint={`Between 1 and ${limit}. ${presentNote}`}
        />
        <ModalActions onCancel={onClose} action="Confirm" disabled={!valid} />
      </form>
    </Modal>
  );
}
