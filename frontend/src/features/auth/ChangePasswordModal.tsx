import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { PasswordField } from '../../components/FormField';
import { Modal, ModalActions } from '../../components/Modal';
import { PasswordChecklist } from '../../components/PasswordChecklist';
import { useForm } from '../../lib/use-form';
import { useSession } from '../../session/use-session';
import { useOutcome } from '../../toasts/use-outcome';
import { useToast } from '../../toasts/use-toast';
import { useChangePasswordMutation } from './auth-api';
import { changePasswordBlock, changePasswordChecks, changePasswordErrors, confirmationMismatch } from './auth-rules';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change Password, opened from the user menu. Closing it (Escape, outside, Cancel) forgets the form. */
export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const form = useForm(EMPTY, changePasswordErrors);
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const { outcome, clear, failed } = useOutcome();
  const [blocked, setBlocked] = useState<string | null>(null);
  const toast = useToast();
  // Club admins and super admins keep the staff rule here too; the server applies the same.
  const checks = changePasswordChecks(useSession().user?.role);

  const submit = form.handleSubmit(async (values) => {
    clear();
    const block = changePasswordBlock(values, checks);
    setBlocked(block ?? null);
    if (block) return;
    const result = await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
    if (result.error) {
      failed(result.error, 'Failed to change password', form);
      return;
    }
    toast.success(result.data.message);
    onClose();
  });

  const message = blocked ? { tone: 'error' as const, text: blocked } : outcome;
  return (
    <Modal title="Change Password" onClose={onClose}>
      <form ref={form.formRef} className="modal__form" onSubmit={submit} noValidate>
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        <PasswordField label="Current password" autoComplete="current-password" {...form.field('currentPassword')} />
        <PasswordField label="New password" autoComplete="new-password" {...form.field('newPassword')} />
        <PasswordChecklist password={form.values.newPassword} checks={checks} />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...form.field('confirmPassword')}
          error={form.errorOf('confirmPassword') ?? confirmationMismatch(form.values)}
        />
        <ModalActions onCancel={onClose} action="Change Password" busyAction="Changing..." busy={isLoading} />
      </form>
    </Modal>
  );
}
