import { useState } from 'react';
import { TextAreaField } from '../../components/FormField';
import { Modal, ModalActions } from '../../components/Modal';

const REASON_MAX = 300;

interface RejectModalProps {
  /** Whom: one applicant's name, or "3 registrations". */
  whom: string;
  busy: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}

/**
 * Asks, before a rejection, why: the reason (optional) reaches the students' e-mail and their My
 * Registrations, so a rejection is never a bare "Rejected".
 */
export function RejectModal({ whom, busy, onReject, onClose }: RejectModalProps) {
  const [reason, setReason] = useState('');
  const tooLong = reason.trim().length > REASON_MAX;
  return (
    <Modal title={`Reject ${whom}?`} onClose={onClose}>
      <form
        className="modal__form"
        noValidate
        onSubmit={(submit) => {
          submit.preventDefault();
          if (!tooLong) onReject(reason.trim());
        }}
      >
        <p>Their seat goes back to the event (to its waitlist first), and they are told by e-mail.</p>
        <TextAreaField
          label="Reason (optional)"
          value={reason}
          onValueChange={setReason}
          rows={3}
          hint={`Told to them in the e-mail and on My Registrations. At most ${REASON_MAX} characters, no links.`}
          error={tooLong ? `The reason must be at most ${REASON_MAX} characters` : undefined}
        />
        <ModalActions onCancel={onClose} action="Reject" busyAction="Rejecting..." busy={busy} disabled={tooLong} danger />
      </form>
    </Modal>
  );
}
