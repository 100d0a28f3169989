import { Alert } from '../../components/Alert';
import { useResendVerificationMutation } from './auth-api';
import { EmailField } from './EmailField';
import { useEmailLinkRequest } from './use-email-link-request';

interface ResendLinkFormProps {
  emailDomain?: string;
  initialEmail?: string;
}

/**
 * 'Send a new link' for a sign-up still waiting for its e-mail. The server answers alike whether
 * or not a sign-up waits, and limits how many links an address gets.
 */
export function ResendLinkForm({ emailDomain, initialEmail = '' }: ResendLinkFormProps) {
  const [resend, { isLoading }] = useResendVerificationMutation();
  const { form, outcome, submit } = useEmailLinkRequest({ emailDomain, initialEmail, send: resend, failure: 'Failed to send a new link' });

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
