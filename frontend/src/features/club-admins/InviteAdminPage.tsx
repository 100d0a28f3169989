import { useRef, useState } from 'react';
import { fieldErrorsOf, isApiError } from '../../api/base-api';
import type { AdminInvite } from '../../api/types';
import { Alert } from '../../components/Alert';
import { useClubOptions } from '../../components/club-options';
import { SelectField, TextField } from '../../components/FormField';
import { Link } from '../../components/Link';
import { LoadError } from '../../components/LoadError';
import { Modal, ModalActions } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { StatusPanel } from '../../components/StatusPanel';
import { paths } from '../../config/paths';
import { formatDate } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFocusLater } from '../../lib/use-focus-later';
import { useForm } from '../../lib/use-form';
import { useOutcome } from '../../toasts/use-outcome';
import { useToast } from '../../toasts/use-toast';
import { useCancelAdminInviteMutation, useGetAdminInvitesQuery, useGetEventsWithAdminStatusQuery, useSendAdminInviteMutation } from './club-admins-api';
import { inviteErrors, inviteEventOption, inviteFailureText, type InviteValues } from './invite-rules';
import { Tabs } from './Tabs';
import '../../components/admin.css';

type InviteTab = 'send' | 'manage';

/** /admin/invite (super admin): invite a club admin for one event, and follow the invitations sent. */
export function InviteAdminPage({ emailDomain }: { emailDomain: string | undefined }) {
  useDocumentTitle('Invite Admin');
  const [tab, setTab] = useState<InviteTab>('send');
  const { data: invites } = useGetAdminInvitesQuery();
  return (
    <div className="page admin-page admin-page--medium">
      <PageHeader eyebrow="Super Admin" title="Invite Admin">
        Invite a club admin, starting with one of the club&apos;s events: a club admin runs all of the club&apos;s events. They create their account from the
        e-mailed link, which lasts 7 days. Someone who already has an account (a student, or an admin of another club) is given the role on the{' '}
        <Link to={paths.adminPeople}>People</Link> page instead.
      </PageHeader>
      <Tabs
        label="Admin invitations"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { key: 'send', label: 'Send Invitation', panel: <SendInvitationForm emailDomain={emailDomain} /> },
          { key: 'manage', label: `Manage Invitations (${invites?.length ?? 0})`, panel: <ManageInvitations /> },
        ]}
      />
    </div>
  );
}

const EMPTY: InviteValues = { email: '', club: '', eventId: '' };

/** The server's refusal of an address that has an account: its words send the super admin to the People page. */
const hasAccount = (error: unknown) => isApiError(error) && error.status === 409 && /People page/.test(fieldErrorsOf(error).email ?? '');

/** The way on for an address that has an account: the People page, searching for it. */
function PeopleLink({ email }: { email: string }) {
  return (
    <p className="panel__hint">
      <Link to={`${paths.adminPeople}?${new URLSearchParams({ search: email })}`}>Find {email} on the People page</Link>
    </p>
  );
}

function SendInvitationForm({ emailDomain }: { emailDomain: string | undefined }) {
  const clubOptions = useClubOptions();
  const status = useGetEventsWithAdminStatusQuery();
  const events = status.data ?? [];
  const form = useForm(EMPTY, (values) => inviteErrors(values, emailDomain, events));
  const [send, { isLoading }] = useSendAdminInviteMutation();
  const { outcome, clear, failed, succeeded } = useOutcome();
  const [existingAccount, setExistingAccount] = useState<string | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const focusLater = useFocusLater();
  // Send Invitation is off while sending, which takes focus from it: focus goes to what it came
  // to, the message or the field the server refused.
  const focusOutcome = () => focusLater(() => outcomeRef.current ?? form.formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]'));

  const club = form.field('club', 'choice');
  // Another club's list holds other events: the chosen one no longer fits.
  const changeClub = (value: string) => {
    club.onValueChange(value);
    if (form.values.eventId) form.setValue('eventId', '');
  };
  const eventOptions = events.filter(({ clubInCharge }) => clubInCharge === form.values.club).map(inviteEventOption);
  const eventPlaceholder = !form.values.club
    ? 'Select a club first'
    : status.isLoading
      ? 'Loading events…'
      : eventOptions.length === 0
        ? 'No events for this club'
        : 'Select an event';

  const submit = form.handleSubmit(async (values) => {
    clear();
    setExistingAccount(null);
    const result = await send({ ...values, club: values.club, email: values.email.trim() });
    if (result.error) {
      const error = result.error;
      failed(isApiError(error) ? { ...error, message: inviteFailureText(error) } : error, inviteFailureText(error), form);
      if (hasAccount(error)) setExistingAccount(values.email.trim());
      focusOutcome();
      return;
    }
    succeeded(result.data.message);
    form.reset();
    focusOutcome();
  });

  return (
    <form ref={form.formRef} className="admin-form" onSubmit={submit} noValidate aria-label="Send Invitation">
      {outcome && (
        <Alert ref={outcomeRef} tone={outcome.tone}>
          {outcome.text}
        </Alert>
      )}
      <TextField label="Email" type="email" autoComplete="off" placeholder={emailDomain ? `name@${emailDomain}` : undefined} {...form.field('email')} />
      {existingAccount !== null && existingAccount === form.values.email.trim() && <PeopleLink email={existingAccount} />}
      <SelectField label="Club" placeholder="Select a club" options={clubOptions} {...club} onValueChange={changeClub} />
      <SelectField
        label="Event"
        placeholder={eventPlaceholder}
        options={eventOptions}
        disabled={!form.values.club || status.isLoading || eventOptions.length === 0}
        hint={`${form.values.club ? `The invitee becomes a club admin of ${form.values.club}, running all its events, starting with this one. ` : ''}Events that already have an admin or a pending invitation cannot be chosen.`}
        {...form.field('eventId', 'choice')}
      />
      {status.error && (
        <LoadError title="Failed to load data" headingLevel={3} error={status.error} retrying={status.isFetching} onRetry={() => void status.refetch()} />
      )}
      <button type="submit" className="button button--primary" disabled={isLoading}>
        {isLoading ? 'Sending...' : 'Send Invitation'}
      </button>
    </form>
  );
}

function ManageInvitations() {
  const { data: invites, error, isLoading, isFetching, refetch } = useGetAdminInvitesQuery();
  const [cancelling, setCancelling] = useState<AdminInvite | null>(null);
  const focusLater = useFocusLater();
  // The invitation leaves the list with its Cancel: focus goes to the next pending one's Cancel
  // (the one before, at the end), else to the tab, which counts what is left.
  const focusAfterCancelling = (shown: AdminInvite[], cancelled: AdminInvite) => {
    const pending = shown.filter(({ status, _id }) => status === 'Pending' || _id === cancelled._id);
    const index = pending.findIndex(({ _id }) => _id === cancelled._id);
    const next = pending[index + 1] ?? pending[index - 1];
    focusLater(() => document.querySelector<HTMLElement>(next ? `[data-invite="${CSS.escape(next._id)}"]` : '[role="tab"][aria-selected="true"]'));
  };
  if (isLoading) return <Spinner label="Loading invitations…" />;
  if (error || !invites)
    return <LoadError title="Failed to load invitations" headingLevel={2} error={error} retrying={isFetching} onRetry={() => void refetch()} />;
  if (invites.length === 0) {
    return (
      <StatusPanel title="No invitations yet">
        <p>Invitations you send appear here, with their status.</p>
      </StatusPanel>
    );
  }
  return (
    <>
      <table className="admin-table">
        <caption className="visually-hidden">Admin invitations, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Event</th>
            <th scope="col">Club</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invites.map((invite) => (
            <tr key={invite._id}>
              <th scope="row" data-label="Email" className="admin-table__key">
                {invite.email}
              </th>
              <td data-label="Event">{invite.eventId?.name ?? 'Event removed'}</td>
              <td data-label="Club">{invite.clubName}</td>
              <td data-label="Status">
                <span className={`badge status-badge status-badge--${invite.status.toLowerCase()}`}>{invite.status}</span>
              </td>
              <td data-label="Created">{formatDate(invite.createdAt)}</td>
              <td className="admin-table__actions">
                {invite.status === 'Pending' && (
                  <button
                    type="button"
                    className="button button--ghost button--small button--danger-text"
                    aria-label={`Cancel the invitation for ${invite.email}`}
                    data-invite={invite._id}
                    onClick={() => setCancelling(invite)}
                  >
                    Cancel
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {cancelling && (
        <CancelInviteModal
          invite={cancelling}
          onClose={() => setCancelling(null)}
          onCancelled={() => {
            setCancelling(null);
            focusAfterCancelling(invites, cancelling);
          }}
        />
      )}
    </>
  );
}

function CancelInviteModal({ invite, onClose, onCancelled }: { invite: AdminInvite; onClose: () => void; onCancelled: () => void }) {
  const [cancelInvite, { isLoading }] = useCancelAdminInviteMutation();
  const { outcome, clear, failed } = useOutcome();
  const toast = useToast();
  const confirm = async () => {
    clear();
    const result = await cancelInvite(invite._id);
    if (result.error) {
      failed(result.error, 'Failed to cancel invitation');
      return;
    }
    toast.success(result.data.message);
    onCancelled();
  };
  return (
    <Modal title="Cancel invitation" onClose={onClose}>
      <div className="modal__form">
        <p>Are you sure you want to cancel this invitation?</p>
        <p className="panel__hint">
          {invite.email} · {invite.eventId?.name ?? 'Event removed'} · {invite.clubName}
        </p>
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
        <ModalActions
          onCancel={onClose}
          cancelLabel="Keep Invitation"
          action="Cancel Invitation"
          busyAction="Cancelling..."
          busy={isLoading}
          onAction={() => void confirm()}
          danger
        />
      </div>
    </Modal>
  );
}
