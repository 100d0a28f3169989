import { Alert } from '../../components/Alert';
import { useForm } from '../../lib/use-form';
import { useOutcome } from '../../toasts/use-outcome';
import { useResendVerificationMutation } from './auth-api';
import { forgotErrors } from './auth-rules';
import { EmailField } from './EmailField';

interface ResendLinkFormProps {
  emailDomain?: string;
  initialEmail?: string;
}

/**
 * 'Send a new link' for a sign-up still waiting for its e-mail. The server answers alike whether
 * or not a sign-up waits, and limits how many links an address gets.
 */
export function ResendLinkForm({ emailDomain, initialEmail = '' }: ResendLinkFormProps) {
  const form = useForm({ email: initialEmail }, (values) => forgotErrors(values, emailDomain));
  const [resend, { isLoading }] = useResendVerificationMutation();
  const { outcome, clear, failed, succeeded } = useOutcome();

  const submit = form.handleSubmit(async ({ email }) => {
    clear();
    const result = await resend({ email: email.trim() });
    if (result.error) {
      failed(result.error, 'Failed to send a new link', form);
      return;
    }
    succeeded(result.data.message);
  });

  return (
    <form ref={form.formRef} className="auth-form resend-link" onSubmit={submit} noValidate aria-label="Send a new verification link">
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <EmailField label="Email for the new link" emailDomain={emailDomain} {...form.field('email')} />
      <button type="submit" className="button button--ghost button--block" disabled={isLoading}>
        {isLoading ? 'Sending...' : 'Send a new link'}
      </button>
    </form>
  );
}
