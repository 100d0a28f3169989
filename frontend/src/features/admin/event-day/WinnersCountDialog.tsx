import { useState, type SubmitEvent } from 'react';
import { TextField } from '../../../components/FormField';
import { Modal, ModalActions } from '../../../components/Modal';

interface WinnersCountDialogProps {
  /** How many may win: the applicants, a team counting once on a group event (the server's limit). */
  limit: number;
  onClose: () => void;
  onChosen: (count: number) => void;
}

/** The number of winners (admin-side §4): at least 1, at most the number of applicants. */
export function WinnersCountDialog({ limit, onClose, onChosen }: WinnersCountDialogProps) {
  const [text, setText] = useState('1');
  const count = Number(text);
  const whole = text.trim() !== '' && Number.isInteger(count);
  const error = whole && count > limit ? `Choose between 1 and ${limit} winners` : undefined;
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (whole && count >= 1 && count <= limit) onChosen(count);
  };
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
          hint={`Between 1 and ${limit}.`}
        />
        <ModalActions onCancel={onClose} action="Confirm" busyAction="Confirm" busy={false} disabled={!whole || count < 1 || count > limit} />
      </form>
    </Modal>
  );
}
