import type { ApiMessage } from '../../api/types';
import { useForm } from '../../lib/use-form';
import { useOutcome } from '../../toasts/use-outcome';
import { forgotErrors } from './auth-rules';

/** What a mutation's trigger resolves to: the server's message, or the error. */
type LinkRequestResult = { data: ApiMessage } | { error: unknown };

interface EmailLinkRequest {
  emailDomain: string | undefined;
  initialEmail: string;
  /** Sends the request (a mutation's trigger). */
  send: (body: { email: string }) => PromiseLike<LinkRequestResult>;
  /** Said when the server gives no message of its own. */
  failure: string;
  onSent?: () => void;
}

/**
 * An "e-mail me a link" form (a reset link, a new verification link): the address checked as
 * every form checks it, the request sent, and its outcome said once, beside the form.
 */
export function useEmailLinkRequest({ emailDomain, initialEmail, send, failure, onSent }: EmailLinkRequest) {
  const form = useForm({ email: initialEmail }, (values) => forgotErrors(values, emailDomain));
  const { outcome, clear, failed, succeeded } = useOutcome();

  const submit = form.handleSubmit(async ({ email }) => {
    clear();
    const result = await send({ email: email.trim() });
    if ('error' in result) {
      failed(result.error, failure, form);
      return;
    }
    succeeded(result.data.message);
    onSent?.();
  });

  return { form, outcome, submit };
}
