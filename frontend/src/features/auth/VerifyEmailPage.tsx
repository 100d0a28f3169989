import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { failureMessage } from '../../api/base-api';
import { Alert } from '../../components/Alert';
import { PasswordField } from '../../components/FormField';
import { Link } from '../../components/Link';
import { Spinner } from '../../components/Spinner';
import { StatusPanel } from '../../components/StatusPanel';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useForm } from '../../lib/use-form';
import { useOutcome } from '../../toasts/use-outcome';
import { asksForSignUpPassword, useVerifyEmailQuery, useVerifyEmailWithPasswordMutation, wasAlreadyVerified } from './auth-api';
import { AuthCard } from './AuthCard';
import { ResendLinkForm } from './ResendLinkForm';

/**
 * Checks the token of an e-mailed verification link, once per page load. In another browser than
 * the one that signed up, the server asks for the password chosen at sign-up first.
 */
export function VerifyEmailPage() {
  const { token } = useParams();
  useDocumentTitle('Verify email');
  const { data, error, isLoading } = useVerifyEmailQuery(token || skipToken);
  const [verifiedWithPassword, setVerifiedWithPassword] = useState<string | null>(null);
  const [usedBefore, setUsedBefore] = useState<string | null>(null);

  if (token && isLoading) {
    return (
      <div className="page page--narrow">
        <StatusPanel title="Verifying your email..." headingLevel={1}>
          <Spinner label="Checking the link" />
        </StatusPanel>
      </div>
    );
  }
  const verified = data?.message ?? verifiedWithPassword;
  if (verified) {
    return (
      <div className="page page--narrow">
        <StatusPanel title="Email verified" tone="success" headingLevel={1} actions={<GoToLogin />}>
          <p>{verified}</p>
        </StatusPanel>
      </div>
    );
  }
  const alreadyVerified = wasAlreadyVerified(error) ? failureMessage(error, '') : usedBefore;
  if (alreadyVerified) {
    return (
      <div className="page page--narrow">
        <StatusPanel title="Email already verified" tone="success" headingLevel={1} actions={<GoToLogin label="Sign In" />}>
          <p>{alreadyVerified}</p>
        </StatusPanel>
      </div>
    );
  }
  if (token && asksForSignUpPassword(error)) {
    return <SignUpPasswordPrompt token={token} reason={failureMessage(error, '')} onVerified={setVerifiedWithPassword} onUsedBefore={setUsedBefore} />;
  }
  const message = token ? failureMessage(error, 'An error occurred during verification') : 'Invalid verification link';
  return (
    <div className="page page--narrow">
      <StatusPanel
        title="Verification failed"
        tone="error"
        headingLevel={1}
        actions={
          <>
            <GoToLogin />
            <Link to={paths.signUp} className="button button--ghost">
              Sign up again
            </Link>
          </>
        }
      >
        <p>{message}</p>
        <p>Still waiting to verify? Ask for a new link below; it replaces the old one.</p>
      </StatusPanel>
      <ResendLinkForm />
    </div>
  );
}

interface SignUpPasswordPromptProps {
  token: string;
  /** The server's explanation of why the password is asked for. */
  reason: string;
  onVerified: (message: string) => void;
  /** The link was used meanwhile (another tab, another device): the server's words. */
  onUsedBefore: (message: string) => void;
}

function SignUpPasswordPrompt({ token, reason, onVerified, onUsedBefore }: SignUpPasswordPromptProps) {
  const form = useForm({ password: '' }, ({ password }) => (password ? {} : { password: 'Password is required' }));
  const [verify, { isLoading }] = useVerifyEmailWithPasswordMutation();
  const { outcome, clear, failed } = useOutcome();

  const submit = form.handleSubmit(async ({ password }) => {
    clear();
    const result = await verify({ token, password });
    if (wasAlreadyVerified(result.error)) {
      onUsedBefore(failureMessage(result.error, ''));
      return;
    }
    if (result.error) {
      failed(result.error, 'Verification failed', form);
      return;
    }
    onVerified(result.data.message);
  });

  return (
    <AuthCard title="Verify your email" subtitle={reason} footer={<Link to={paths.signIn}>Back to sign in</Link>}>
      <form ref={form.formRef} className="auth-form" onSubmit={submit} noValidate>
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
        <PasswordField label="Password chosen at sign-up" autoComplete="current-password" {...form.field('password')} />
        <button type="submit" className="button button--primary button--block" disabled={isLoading}>
          {isLoading ? 'Verifying...' : 'Verify Email'}
        </button>
      </form>
    </AuthCard>
  );
}

function GoToLogin({ label = 'Go to Login' }: { label?: string }) {
  return (
    <Link to={paths.signIn} className="button button--primary">
      {label}
    </Link>
  );
}
