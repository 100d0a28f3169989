import { Alert } from '../../components/Alert';
import { useLater } from '../../lib/use-later';
import { useRequestPasswordResetMutation } from './auth-api';
import { resetRequestTone } from './auth-rules';
import { AuthCard } from './AuthCard';
import { EmailField } from './EmailField';
import { useEmailLinkRequest } from './use-email-link-request';

/** After a link was sent, the view waits this long before handing back to its host. */
const CLOSE_DELAY_MS = 3000;

interface ResetRequestViewProps {
  emailDomain: string | undefined;
  initialEmail?: string;
  onSuccess?: () => void;
  /** Also offered as "Back to sign in". */
  onClose?: () => void;
}

/** Asks for a password reset link by e-mail. */
export function ResetRequestView({ emailDomain, initialEmail = '', onSuccess, onClose }: ResetRequestViewProps) {
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const later = useLater();
  const { form, outcome, submit } = useEmailLinkRequest({
    emailDomain,
    initialEmail,
    send: requestReset,
    failure: 'Failed to send reset email',
    onSent: () =>
      later(() => {
        onSuccess?.();
        onClose?.();
      }, CLOSE_DELAY_MS),
  });

  return (
    <AuthCard
      title="Reset Password"
      subtitle="Enter your institution email and we'll send you a link to set a new password."
      footer={
        onClose && (
          <button type="button" className="link-button" onClick={onClose}>
            Back to sign in
          </button>
        )
      }
    >
      <form ref={form.formRef} className="auth-form" onSubmit={submit} noValidate>
        {/* The spec styles this message by its words, whatever the answer's status. */}
        {outcome && <Alert tone={resetRequestTone(outcome.text)}>{outcome.text}</Alert>}
        <EmailField label="Email" emailDomain={emailDomain} {...form.field('email')} />
        <button type="submit" className="button button--primary button--block" disabled={isLoading}>
          {isLoading ? 'Sending...' : 'Send Reset Link'}
        </button>
      </form>
    </AuthCard>
  );
}
