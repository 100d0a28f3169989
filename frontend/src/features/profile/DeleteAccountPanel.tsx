import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../components/Alert';
import { PasswordField, TextField } from '../../components/FormField';
import { Modal, ModalActions } from '../../components/Modal';
import { paths } from '../../config/paths';
import { failing, useForm } from '../../lib/use-form';
import { useSession } from '../../session/use-session';
import { useOutcome } from '../../toasts/use-outcome';
import { useToast } from '../../toasts/use-toast';
import { useDeleteAccountMutation } from './account-api';

/** "Delete account" on the profile: what deleting does, said before the button that starts it. */
export function DeleteAccountPanel() {
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="panel" aria-labelledby="delete-account">
      <h2 id="delete-account" className="panel__title">
        Delete account
      </h2>
      <p>Deleting your account:</p>
      <ul className="profile-list">
        <li>cancels your registrations for events that have not started yet, and their seats go to the waiting list;</li>
        <li>passes each team you lead to its next member, or dissolves it if you are its only member;</li>
        <li>withdraws your pending invitations;</li>
        <li>
          erases your name, e-mail address and roll number: records others rely on (past teams, results, attendance counts) show &ldquo;Deleted account&rdquo;
          instead;
        </li>
        <li>ends every session, on every browser.</li>
      </ul>
      <p>
        <strong>It cannot be undone.</strong> To keep a copy of your data, download it above first.
      </p>
      <button type="button" className="button button--danger profile-action" onClick={() => setConfirming(true)}>
        Delete my account…
      </button>
      {/* Closing unmounts the dialog, which forgets what was typed and gives focus back to the button. */}
      {confirming && <ConfirmDeletion onClose={() => setConfirming(false)} />}
    </section>
  );
}

const EMPTY = { email: '', password: '' };

const rules = ({ email, password }: typeof EMPTY) =>
  failing({ email: email.trim() ? undefined : 'Type the e-mail address of this account', password: password ? undefined : 'Password is required' });

/** The account's e-mail address and password, asked again: deleting is for its owner only, and deliberate. */
function ConfirmDeletion({ onClose }: { onClose: () => void }) {
  const form = useForm(EMPTY, rules);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const { outcome, clear, failed } = useOutcome();
  const outcomeRef = useRef<HTMLDivElement>(null);
  const toast = useToast();
  const navigate = useNavigate();
  const { user } = useSession();
  useEffect(() => {
    // A refusal that is no field's (the last super admin, too many tries) is said above the form, and the keyboard lands on it.
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const submit = form.handleSubmit(async ({ email, password }) => {
    clear();
    const result = await deleteAccount({ email: email.trim(), password });
    if (result.error) {
      failed(result.error, 'Failed to delete your account', form);
      return;
    }
    // The page is left for good: the server's word goes in a toast. Replacing the entry, so Back
    // does not lead to a page for signed-in students (the session is dropped: account-api.ts).
    toast.success(result.data.message);
    void navigate(paths.home, { replace: true });
  });

  return (
    <Modal title="Delete your account" onClose={onClose}>
      <form ref={form.formRef} className="modal__form" onSubmit={submit} noValidate>
        <p>Deleting takes effect at once and cannot be undone.</p>
        {outcome && (
          <Alert ref={outcomeRef} tone={outcome.tone}>
            {outcome.text}
          </Alert>
        )}
        <TextField
          type="email"
          label="Your account's e-mail address"
          autoComplete="email"
          spellCheck={false}
          hint={user ? `Type ${user.email} to confirm it is this account.` : undefined}
          {...form.field('email')}
        />
        <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
        <ModalActions onCancel={onClose} action="Delete account permanently" busyAction="Deleting..." busy={isLoading} danger />
      </form>
    </Modal>
  );
}
