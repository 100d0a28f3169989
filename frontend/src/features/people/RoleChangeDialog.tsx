import type { AdminUser } from '../../api/types';
import { Alert } from '../../components/Alert';
import { useClubOptions } from '../../components/club-options';
import { RadioGroupField, SelectField } from '../../components/FormField';
import { Modal, ModalActions } from '../../components/Modal';
import { useForm } from '../../lib/use-form';
import { useSignedInUser } from '../../session/RequireAuth';
import { useOutcome } from '../../toasts/use-outcome';
import { useToast } from '../../toasts/use-toast';
import { useChangeRoleMutation } from './people-api';
import { changedText, changeSummary, changesNothing, choiceOf, roleOptions, roleText } from './people-rules';

interface RoleChangeDialogProps {
  person: AdminUser;
  onClose: () => void;
  /** The server agreed: the sentence that says what changed. */
  onChanged: (text: string) => void;
}

/**
 * A person's new role (a club admin's with its club), confirmed after reading what it does. The
 * server's refusals (the last super admin, a student with registrations) are said here, beside
 * the choice that caused them.
 */
export function RoleChangeDialog({ person, onClose, onChanged }: RoleChangeDialogProps) {
  const clubOptions = useClubOptions({ keep: person.club });
  const me = useSignedInUser();
  const form = useForm(choiceOf(person), ({ role, club }) => (role === 'admin' && !club ? { club: 'Please select a club' } : {}));
  const choice = form.values;
  const [changeRole, { isLoading }] = useChangeRoleMutation();
  const { outcome, clear, failed } = useOutcome();
  const toast = useToast();
  const isMe = person._id === me._id;
  const summary = changeSummary(person, choice);
  const unchanged = changesNothing(person, choice);

  const roleField = form.field('role', 'choice');
  const clubField = form.field('club', 'choice');
  // Only club admins have a club: another role drops it, and coming back offers the admin's own.
  const chooseRole = (role: string) => {
    clear();
    roleField.onValueChange(role);
    form.setValue('club', role === 'admin' ? (person.club ?? '') : '');
  };
  const chooseClub = (club: string) => {
    clear();
    clubField.onValueChange(club);
  };

  const confirm = async () => {
    clear();
    // The dialog's rules let only one of the clubs' names through.
    const result = await changeRole({ userId: person._id, ...choice, club: choice.club });
    if (result.error) {
      failed(result.error, 'Failed to change the role', form);
      return;
    }
    // Their own sessions ended with the change: the app signs them out and this page goes away.
    if (isMe) toast.success(`${result.data.message}. Sign in again to continue.`);
    onChanged(changedText(result.data.user));
  };

  return (
    <Modal title={`Change role of ${person.name}`} onClose={onClose}>
      <form ref={form.formRef} className="modal__form" onSubmit={form.handleSubmit(confirm)} noValidate aria-label={`Change role of ${person.name}`}>
        <p>
          {person.email} · now <strong>{roleText(person)}</strong>
        </p>
        <RadioGroupField label="New role" options={roleOptions} {...roleField} onValueChange={chooseRole} />
        {choice.role === 'admin' && <SelectField label="Club" placeholder="Select a club" options={clubOptions} {...clubField} onValueChange={chooseClub} />}
        <div className="people__summary">
          {unchanged ? (
            <p>Choose another role or club to change it.</p>
          ) : (
            <>
              {summary && <p>{summary}</p>}
              <p className="panel__hint">
                {isMe
                  ? 'You will be signed out everywhere, and sign in again under your new role.'
                  : 'They are signed out everywhere and sign in again under the new role. The change is recorded in the audit trail.'}
              </p>
            </>
          )}
        </div>
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
        <ModalActions onCancel={onClose} action="Confirm role change" busyAction="Changing…" busy={isLoading} disabled={unchanged} />
      </form>
    </Modal>
  );
}
