import type { ReactNode } from 'react';
import { useForm } from '../lib/use-form';
import { TextField } from './FormField';
import { Modal, ModalActions } from './Modal';

const nameMismatch = "Event name doesn't match. Please type the exact event name.";
/** Said as soon as the typed text can no longer become the name (not while it is still its start). */
const exactNameHint = 'Type the event name exactly as shown to confirm.';

interface ConfirmByNameModalProps {
  title: string;
  /** The event's exact name, which the user types to confirm. */
  eventName: string;
  /** What is about to happen, in a sentence. */
  children: ReactNode;
  /** The request's outcome beside the form (an Alert), if any. */
  outcome?: ReactNode;
  busy: boolean;
  busyLabel: string;
  /** The confirming button's label; a destructive action is shown as one. */
  action?: string;
  danger?: boolean;
  /** The action stays disabled until the name typed is the event's (for an action that cannot be undone). */
  requireExactName?: boolean;
  /** Disables the action whatever is typed: the server has refused it for good (a deadline passed). */
  refused?: boolean;
  /** The way out's label, where "Cancel" would be ambiguous (cancelling a registration). */
  cancelLabel?: string;
  onConfirm: () => Promise<void>;
  /** Closing unmounts the modal, which forgets the typed text and any error. */
  onClose: () => void;
}

/** An action confirmed by typing the event's exact name (solo and team registration, cancelling one, deleting an event). */
export function ConfirmByNameModal({
  title,
  eventName,
  children,
  outcome,
  busy,
  busyLabel,
  action = 'Confirm',
  danger = false,
  requireExactName = false,
  refused = false,
  cancelLabel,
  onConfirm,
  onClose,
}: ConfirmByNameModalProps) {
  const form = useForm({ eventName: '' }, ({ eventName: typed }) => (typed.trim() === eventName ? {} : { eventName: nameMismatch }));
  const typed = form.values.eventName.trim();
  const ready = requireExactName ? typed === eventName : typed !== '';
  const offTrack = requireExactName && typed !== '' && !eventName.startsWith(typed);
  return (
    <Modal title={title} onClose={onClose}>
      <form ref={form.formRef} className="modal__form" onSubmit={form.handleSubmit(onConfirm)} noValidate>
        {children}
        {outcome}
        {/* Not the name itself: an empty field would look filled in. */}
        <TextField
          label="Event name"
          autoComplete="off"
          spellCheck={false}
          placeholder="Type the event name"
          hint={offTrack ? exactNameHint : undefined}
          {...form.field('eventName')}
        />
        <ModalActions
          onCancel={onClose}
          action={action}
          busyAction={busyLabel}
          busy={busy}
          disabled={!ready || refused}
          danger={danger}
          cancelLabel={cancelLabel}
        />
      </form>
    </Modal>
  );
}
