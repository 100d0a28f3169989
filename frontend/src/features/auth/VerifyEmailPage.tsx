import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useParams } from 'react-router-dom';
import { failureMessage } from '../../api/base-api';
import { Spinner } from '../../components/Spinner';
import { StatusPanel } from '../../components/StatusPanel';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useVerifyEmailQuery } from './auth-api';

/** Checks the token of an e-mailed verification link, once per page load. */
export function VerifyEmailPage() {
  const { token } = useParams();
  useDocumentTitle('Verify email');
  const { data, error, isLoading } = useVerifyEmailQuery(token || skipToken);

  if (token && isLoading) {
    return (
      <div className="page page--narrow">
        <StatusPanel title="Verifying your email..." headingLevel={1}>
          <Spinner label="Checking the link" />
        </StatusPanel>
      </div>
    );
  }
  if (data) {
    return (
      <div className="page page--narrow">
        <StatusPanel title="Email verified" tone="success" headingLevel={1} actions={<GoToLogin />}>
          <p>{data.message}</p>
        </StatusPanel>
      </div>
    );
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
      </StatusPanel>
    </div>
  );
}

function GoToLogin() {
  return (
    <Link to={paths.signIn} className="button button--primary">
      Go to Login
    </Link>
  );
}
