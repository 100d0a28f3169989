import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { failureMessage, isApiError } from '../../api/base-api';
import { Alert } from '../../components/Alert';
import { PasswordField } from '../../components/FormField';
import { Link } from '../../components/Link';
import { Spinner } from '../../components/Spinner';
import { StatusPanel } from '../../components/StatusPanel';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useForm } from '../../lib/use-form';
import { useLater } from '../../lib/use-later';
import { useOutcome } from '../../toasts/use-outcome';
import { useCheckResetLinkQuery, useResetPasswordMutation } from './auth-api';
import { resetErrors } from './auth-rules';
import { AuthCard } from './AuthCard';

const REDIRECT_DELAY_MS = 2000;

/**
 * Sets a new password with the token from the e-mailed link, once the server has said the link
 * still works: a used or expired link is said at once, not after a new password is typed twice.
 */
export function ResetPasswordPage() {
  const { token } = useParams();
  useDocumentTitle('Reset password');
  if (!token) return <Navigate to={paths.signIn} replace />;
  return <CheckedResetLink token={token} />;
}

function CheckedResetLink({ token }: { token: string }) {
  const { error, isLoading } = useCheckResetLinkQuery(token);
  if (isLoading) {
    return (
      <div className="page page--narrow">
        <StatusPanel title="Checking your reset link..." headingLevel={1}>
          <Spinner label="Checking the link" />
        </StatusPanel>
      </div>
    );
  }
  // Only the server's refusal means a dead link; on a network failure the form stays, and its answer will say.
  if (isApiError(error) && error.status === 400) {
    return (
      <div className="page page--narrow">
        <StatusPanel
          title="This link no longer works"
          tone="error"
          headingLevel={1}
          actions={
            <Link to={paths.signIn} className="button button--primary">
              Back to sign in
            </Link>
          }
        >
          <p>{failureMessage(error, 'Invalid or expired reset link')}</p>
          <p>A reset link works once, for an hour, and only the newest one works. On the sign-in page, choose “Forgot password?” for a new one.</p>
        </StatusPanel>
      </div>
    );
  }
  return (
    <AuthCard title="Set a New Password" subtitle="Choose a new password for your account." footer={<Link to={paths.signIn}>Back to sign in</Link>}>
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const form = useForm({ password: '', confirmPassword: '' }, resetErrors);
  const [resetPassword, { isLoading, isSuccess }] = useResetPasswordMutation();
  const { outcome, clear, failed, succeeded } = useOutcome();
  const navigate = useNavigate();
  const later = useLater();

  const submit = form.handleSubmit(async ({ password }) => {
    clear();
    const result = await resetPassword({ token, password });
    if (result.error) {
      failed(result.error, 'Failed to reset password', form);
      return;
    }
    succeeded('Password reset successful! Redirecting to login...', result.data.message);
    later(() => void navigate(paths.signIn, { replace: true }), REDIRECT_DELAY_MS);
  });

  return (
    <form ref={form.formRef} className="auth-form" onSubmit={submit} noValidate>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <PasswordField label="New password" autoComplete="new-password" hint="At least 6 characters" {...form.field('password')} />
      <PasswordField label="Confirm password" autoComplete="new-password" {...form.field('confirmPassword')} />
      <button type="submit" className="button button--primary button--block" disabled={isLoading || isSuccess}>
        {isLoading ? 'Resetting...' : 'Reset Password'}
      </button>
    </form>
  );
}
