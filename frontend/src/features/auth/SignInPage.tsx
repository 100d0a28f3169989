import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '../../components/Alert';
import { PasswordField } from '../../components/FormField';
import { Link } from '../../components/Link';
import { paths, type SignInState } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useForm } from '../../lib/use-form';
import { useLater } from '../../lib/use-later';
import { pendingInvitePath } from '../../session/pending-invite';
import { useSignInMutation } from '../../session/session-api';
import { useOutcome } from '../../toasts/use-outcome';
import { signInErrors } from './auth-rules';
import { AuthCard } from './AuthCard';
import { EmailField } from './EmailField';
import { ResendLinkForm } from './ResendLinkForm';
import { ResetRequestView } from './ResetRequestView';

const REDIRECT_DELAY_MS = 1500;

export interface AccountPageProps {
  /** The institution's e-mail domain, once the festival facts have loaded. */
  emailDomain: string | undefined;
}

/** Sign-in, with the reset-request view one click away. */
export function SignInPage({ emailDomain }: AccountPageProps) {
  // The e-mail typed so far, carried into the reset-request view; null while signing in.
  const [resetEmail, setResetEmail] = useState<string | null>(null);
  const { notVerified } = (useLocation().state ?? {}) as SignInState;
  useDocumentTitle(resetEmail === null ? 'Sign in' : 'Reset password');
  if (resetEmail !== null) return <ResetRequestView emailDomain={emailDomain} initialEmail={resetEmail} onClose={() => setResetEmail(null)} />;
  return (
    <AuthCard
      title="Welcome Back"
      subtitle="Sign in to register for events and manage your teams."
      footer={
        <>
          <span>New here?</span>
          <Link to={paths.signUp}>Create an account</Link>
        </>
      }
    >
      <InviteWaiting />
      <SignInForm emailDomain={emailDomain} onForgotPassword={setResetEmail} />
      {notVerified && <ResendLinkForm emailDomain={emailDomain} />}
    </AuthCard>
  );
}

/** A team invite opened while signed out waits behind this sign-in: say so, and how to get to it without an account. */
function InviteWaiting() {
  const { from } = (useLocation().state ?? {}) as SignInState;
  const waiting = from?.pathname.startsWith('/invite/') || pendingInvitePath() !== null;
  if (!waiting) return null;
  return (
    <Alert tone="info">
      Sign in to answer your team invitation: it opens as soon as you are in. New here? <Link to={paths.signUp}>Create an account</Link> with the e-mail address
      the invitation was sent to, verify it, then sign in.
    </Alert>
  );
}

/**
 * Where to go after signing in: back where the route guard found the user, else to a team invite
 * opened while signed out (perhaps before signing up and verifying), else home.
 */
function useDestination(): string {
  const { from } = (useLocation().state ?? {}) as SignInState;
  return from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : (pendingInvitePath() ?? paths.home);
}

function SignInForm({ emailDomain, onForgotPassword }: AccountPageProps & { onForgotPassword: (email: string) => void }) {
  const { notVerified } = (useLocation().state ?? {}) as SignInState;
  const destination = useDestination();
  const form = useForm({ email: '', password: '' }, (values) => signInErrors(values, emailDomain));
  const [signIn, { isLoading, isSuccess }] = useSignInMutation();
  const { outcome, clear, failed, succeeded } = useOutcome();
  const navigate = useNavigate();
  const later = useLater();

  const submit = form.handleSubmit(async ({ email, password }) => {
    clear();
    const result = await signIn({ email: email.trim(), password });
    if (result.error) {
      failed(result.error, 'Login failed', form);
      return;
    }
    succeeded('Login successful! Redirecting...', result.data.message);
    later(() => void navigate(destination, { replace: true }), REDIRECT_DELAY_MS);
  });

  return (
    <form ref={form.formRef} className="auth-form" onSubmit={submit} noValidate>
      {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : notVerified && <Alert tone="info">Please verify your email before signing in</Alert>}
      <EmailField label="Email" emailDomain={emailDomain} {...form.field('email')} />
      <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
      <div className="auth-form__row">
        <button type="button" className="link-button" onClick={() => onForgotPassword(form.values.email.trim())}>
          Forgot password?
        </button>
      </div>
      <button type="submit" className="button button--primary button--block" disabled={isLoading || isSuccess}>
        {isLoading ? 'Signing in...' : 'Sign In'}
      </button>
    </form>
  );
}
