import { useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '../../api/base-api';
import type { AdminInvitation } from '../../api/types';
import { Alert } from '../../components/Alert';
import { Fact } from '../../components/Fact';
import { PasswordField, RadioGroupField, SelectField, TextField } from '../../components/FormField';
import { Link } from '../../components/Link';
import { LoadError } from '../../components/LoadError';
import { PasswordChecklist } from '../../components/PasswordChecklist';
import { Spinner } from '../../components/Spinner';
import { StatusPanel } from '../../components/StatusPanel';
import { TypeBadge } from '../../components/TypeBadge';
import { paths } from '../../config/paths';
import { formatDateTime } from '../../lib/dates';
import { STAFF_PASSWORD_CHECKS } from '../../lib/password-rules';
import { genderOptions, NAME_MAX_LENGTH, normaliseName } from '../../lib/person-rules';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useForm } from '../../lib/use-form';
import { useLater } from '../../lib/use-later';
import { useOutcome } from '../../toasts/use-outcome';
import { useToast } from '../../toasts/use-toast';
import { useAcceptAdminInviteMutation, useGetAdminInvitationQuery, type AcceptInviteForm } from './club-admins-api';
import { acceptErrors, adminDepartmentOptions, type AcceptFormKind, type AcceptValues } from './invite-rules';
import '../../components/panel.css';
import '../../components/admin.css';

/** The spec's pause between the welcome toast and the dashboard. */
const REDIRECT_DELAY_MS = 100;

/** /admin/invite/{token}: the invited person's event, then their new admin account (the newer form). */
export function AcceptInvitePage({ kind = 'newer' }: { kind?: AcceptFormKind }) {
  const { token = '' } = useParams();
  useDocumentTitle('Accept admin invitation');
  const { data: invitation, error, isFetching, refetch } = useGetAdminInvitationQuery(token);
  let view;
  if (isApiError(error) && error.status === 404) view = <InvalidLink />;
  else if (error)
    view = <LoadError title="Failed to load invitation details" headingLevel={1} error={error} retrying={isFetching} onRetry={() => void refetch()} />;
  else if (!invitation) view = <Spinner label="Loading the invitation…" page />;
  else view = <Invitation invitation={invitation} token={token} kind={kind} />;
  return <div className="page page--narrow">{view}</div>;
}

/** /admin/signup/{token}: the same invitation with the older form, which also asks for the department. */
export function AdminSignupPage() {
  return <AcceptInvitePage kind="older" />;
}

function InvalidLink() {
  return (
    <StatusPanel
      title="Invalid Invitation Link"
      tone="error"
      headingLevel={1}
      actions={
        <Link to={paths.home} className="button button--primary">
          Go Home
        </Link>
      }
    >
      <p>This invitation link is invalid or has expired</p>
    </StatusPanel>
  );
}

function Invitation({ invitation, token, kind }: { invitation: AdminInvitation; token: string; kind: AcceptFormKind }) {
  return (
    <section className="panel accept-invite" aria-labelledby="accept-title">
      <header className="accept-invite__header">
        <p className="section__eyebrow">Admin invitation</p>
        <h1 id="accept-title" className="page-title">
          Accept your invitation
        </h1>
      </header>
      <section className="accept-invite__assignment" aria-labelledby="assignment-title">
        <h2 id="assignment-title" className="panel__title">
          Your event assignment
        </h2>
        <p className="accept-invite__role">
          You are invited to be a club admin of <strong>{invitation.clubName}</strong>, starting with <strong>{invitation.event.name}</strong>. A club admin
          runs all of the club&apos;s events: creating and changing them, approving registrations, and on the day, attendance and winners.
        </p>
        <dl className="facts facts--compact">
          <Fact label="Event">{invitation.event.name}</Fact>
          <Fact label="Club">{invitation.clubName}</Fact>
          <Fact label="Event type">
            <TypeBadge type={invitation.event.event_type} />
          </Fact>
          <Fact label="Email">
            <span className="accept-invite__email">{invitation.email}</span>
          </Fact>
        </dl>
        <p className="panel__hint">This link works once and expires on {formatDateTime(invitation.expiresAt)}.</p>
      </section>
      <AcceptForm token={token} email={invitation.email} club={invitation.clubName} kind={kind} />
      <p className="accept-invite__footer">
        Already have an account? <Link to={paths.signIn}>Sign in here</Link>
      </p>
    </section>
  );
}

const EMPTY: AcceptValues = { name: '', password: '', confirmPassword: '', gender: '', dept: 'Staff', club: '' };

function AcceptForm({ token, email, club, kind }: { token: string; email: string; club: string; kind: AcceptFormKind }) {
  const form = useForm({ ...EMPTY, club }, acceptErrors(kind));
  const [accept, { isLoading, isSuccess }] = useAcceptAdminInviteMutation();
  const { outcome, clear, failed } = useOutcome();
  const toast = useToast();
  const navigate = useNavigate();
  const later = useLater();

  const submit = form.handleSubmit(async (values) => {
    clear();
    const { dept, club: clubName, ...account } = values;
    // The form's rules let only a listed gender and department through.
    const result = await accept({
      token,
      form: {
        ...account,
        gender: account.gender as AcceptInviteForm['gender'],
        name: normaliseName(values.name),
        ...(kind === 'older' && { dept: dept as AcceptInviteForm['dept'], club: clubName }),
      },
    });
    if (result.error) {
      failed(result.error, 'Failed to accept invitation', form);
      return;
    }
    toast.success('Admin invitation accepted successfully!');
    later(() => void navigate(paths.adminDashboard), REDIRECT_DELAY_MS);
  });

  return (
    <form ref={form.formRef} className="admin-form" onSubmit={submit} noValidate aria-labelledby="account-title">
      <h2 id="account-title" className="panel__title">
        Create your admin account
      </h2>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      {/* The account's address, for password managers; it is the invitation's and cannot change. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField label="Full name" autoComplete="name" maxLength={NAME_MAX_LENGTH} {...form.field('name')} />
      {kind === 'older' && (
        <>
          <SelectField label="Department" options={adminDepartmentOptions} placeholder="Select department" {...form.field('dept', 'choice')} />
          {/* The invitation's club: the server accepts no other. */}
          <TextField label="Club / Organization" readOnly {...form.field('club')} />
        </>
      )}
      <PasswordField label="Password" autoComplete="new-password" {...form.field('password')} />
      <PasswordChecklist password={form.values.password} checks={STAFF_PASSWORD_CHECKS} />
      <PasswordField label="Confirm password" autoComplete="new-password" {...form.field('confirmPassword')} />
      <RadioGroupField label="Gender" options={genderOptions} {...form.field('gender', 'choice')} />
      <button type="submit" className="button button--primary button--block" disabled={isLoading || isSuccess}>
        {isLoading ? 'Creating account...' : 'Create Admin Account'}
      </button>
    </form>
  );
}
