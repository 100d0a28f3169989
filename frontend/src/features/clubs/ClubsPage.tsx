import { useEffect, useRef, useState } from 'react';
import { useGetClubsQuery } from '../../api/clubs-api';
import type { Club } from '../../api/types';
import { Alert } from '../../components/Alert';
import { TextAreaField, TextField } from '../../components/FormField';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { StatusPanel } from '../../components/StatusPanel';
import { formatDate } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { failing, useForm } from '../../lib/use-form';
import { useOutcome } from '../../toasts/use-outcome';
import { useChangeClubMutation, useCreateClubMutation, useSetClubRetiredMutation } from './clubs-api';
import '../../components/panel.css';
import '../../components/admin.css';
import './clubs.css';

const NAME_MAX = 60;
const DESCRIPTION_MAX = 500;

interface ClubValues {
  [field: string]: string;
  name: string;
  description: string;
}

const clubErrors = ({ name }: ClubValues) =>
  failing<ClubValues>({ name: !name.trim() ? 'Club name is required' : name.trim().length < 3 ? 'Club name must be at least 3 characters' : undefined });

/**
 * /admin/clubs/manage (super admin): the clubs that run the festival's events. A new club can
 * take events and admins at once; a rename follows into its events and admins; a retired club
 * keeps its past events and results and takes nothing new until it is brought back.
 */
export function ClubsPage() {
  useDocumentTitle('Clubs');
  const { data: clubs, error, isFetching, refetch } = useGetClubsQuery();
  let list;
  if (error && !clubs) list = <LoadError title="Failed to load the clubs" error={error} retrying={isFetching} onRetry={() => void refetch()} />;
  else if (!clubs) list = <Spinner label="Loading the clubs…" />;
  else if (clubs.length === 0) list = <StatusPanel title="No clubs yet">Add the first club above; its admins and events follow.</StatusPanel>;
  else
    list = (
      <ul className="club-list">
        {clubs.map((club) => (
          <ClubItem key={club._id} club={club} />
        ))}
      </ul>
    );
  return (
    <div className="page page--narrow admin-page">
      <PageHeader eyebrow="Super Admin" title="Clubs">
        The clubs that run the festival&apos;s events. A retired club keeps its past events and results, and takes no new events, admins or invitations.
      </PageHeader>
      <NewClubForm />
      <section aria-labelledby="club-list-title">
        <h2 id="club-list-title" className="panel__title">
          All clubs
        </h2>
        {list}
      </section>
    </div>
  );
}

/** The outcome beside a form's buttons, taking the focus when it comes. */
function OutcomeNote({ outcome }: { outcome: ReturnType<typeof useOutcome>['outcome'] }) {
  const noteRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) noteRef.current?.focus();
  }, [outcome]);
  if (!outcome) return null;
  return (
    <div ref={noteRef} tabIndex={-1}>
      <Alert tone={outcome.tone}>{outcome.text}</Alert>
    </div>
  );
}

function ClubFields({ form }: { form: ReturnType<typeof useForm<ClubValues>> }) {
  return (
    <>
      <TextField label="Club name" autoComplete="off" maxLength={NAME_MAX} {...form.field('name')} />
      <TextAreaField label="Description" rows={2} maxLength={DESCRIPTION_MAX} hint="Optional: what the club does." {...form.field('description')} />
    </>
  );
}

function NewClubForm() {
  const form = useForm<ClubValues>({ name: '', description: '' }, clubErrors);
  const [create, { isLoading }] = useCreateClubMutation();
  const { outcome, clear, failed, succeeded } = useOutcome();
  const submit = form.handleSubmit(async (values) => {
    clear();
    const result = await create({ name: values.name.trim(), description: values.description.trim() });
    if (result.error) {
      failed(result.error, 'Failed to create the club', form);
      return;
    }
    form.reset();
    succeeded(result.data.message);
  });
  return (
    <form ref={form.formRef} className="admin-form event-form" onSubmit={submit} noValidate aria-label="Add a club">
      <h2 className="panel__title">Add a club</h2>
      <fieldset className="event-form__fields" disabled={isLoading}>
        <legend className="visually-hidden">The new club</legend>
        <ClubFields form={form} />
      </fieldset>
      <OutcomeNote outcome={outcome} />
      <div className="admin-form__actions">
        <button type="submit" className="button button--primary" disabled={isLoading}>
          {isLoading ? 'Adding...' : 'Add Club'}
        </button>
      </div>
    </form>
  );
}

type Mode = 'view' | 'edit' | 'retire';

function ClubItem({ club }: { club: Club }) {
  const [mode, setMode] = useState<Mode>('view');
  const { outcome, clear, failed, succeeded } = useOutcome();
  const [setRetired, { isLoading: retiring }] = useSetClubRetiredMutation();
  const headingId = `club-${club._id}`;
  const startMode = (next: Mode) => {
    clear();
    setMode(next);
  };
  const changeRetired = async (retired: boolean) => {
    clear();
    const result = await setRetired({ id: club._id, retired });
    setMode('view');
    if (result.error) failed(result.error, retired ? 'Failed to retire the club' : 'Failed to bring the club back');
    else succeeded(result.data.message);
  };
  return (
    <li className="club-item" aria-labelledby={headingId}>
      <div className="club-item__head">
        <h3 id={headingId} className="club-item__name">
          {club.name}
        </h3>
        {club.retiredAt ? <span className="badge">Retired {formatDate(club.retiredAt)}</span> : <span className="badge badge--registered">Active</span>}
      </div>
      {mode === 'edit' ? (
        <EditClubForm
          club={club}
          onDone={(message) => {
            setMode('view');
            if (message) succeeded(message);
          }}
        />
      ) : (
        <>
          <p className="club-item__description">{club.description || 'No description yet.'}</p>
          {mode === 'retire' && (
            <p className="club-item__confirm">
              Retire {club.name}? Its past events, admins and results stay; it takes no new events, admins or invitations until it is brought back.
            </p>
          )}
          <div className="admin-form__actions">
            {mode === 'retire' ? (
              <>
                <button type="button" className="button button--ghost" onClick={() => setMode('view')}>
                  Keep It
                </button>
                <button type="button" className="button button--danger" disabled={retiring} onClick={() => void changeRetired(true)}>
                  {retiring ? 'Retiring...' : 'Retire Club'}
                </button>
              </>
            ) : (
              <>
                <button type="button" className="button button--ghost" onClick={() => startMode('edit')}>
                  Edit
                </button>
                {club.retiredAt ? (
                  <button type="button" className="button button--ghost" disabled={retiring} onClick={() => void changeRetired(false)}>
                    {retiring ? 'Bringing back...' : 'Bring Back'}
                  </button>
                ) : (
                  <button type="button" className="button button--ghost" onClick={() => startMode('retire')}>
                    Retire
                  </button>
                )}
              </>
            )}
          </div>
        </>
      )}
      <OutcomeNote outcome={outcome} />
    </li>
  );
}

/** Rename or describe a club; only what changed is sent. */
function EditClubForm({ club, onDone }: { club: Club; onDone: (message?: string) => void }) {
  const form = useForm<ClubValues>({ name: club.name, description: club.description }, clubErrors);
  const [change, { isLoading }] = useChangeClubMutation();
  const { outcome, failed } = useOutcome();
  const submit = form.handleSubmit(async (values) => {
    const changes = {
      ...(values.name.trim() !== club.name && { name: values.name.trim() }),
      ...(values.description.trim() !== club.description && { description: values.description.trim() }),
    };
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    const result = await change({ id: club._id, changes });
    if (result.error) {
      failed(result.error, 'Failed to save the club', form);
      return;
    }
    onDone(result.data.message);
  });
  return (
    <form ref={form.formRef} className="admin-form" onSubmit={submit} noValidate aria-label={`Edit ${club.name}`}>
      <fieldset className="event-form__fields" disabled={isLoading}>
        <legend className="visually-hidden">{club.name}</legend>
        <ClubFields form={form} />
      </fieldset>
      <OutcomeNote outcome={outcome} />
      <div className="admin-form__actions">
        <button type="button" className="button button--ghost" onClick={() => onDone()}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={isLoading}>
          {isLoading ? 'Saving...' : 'Save Club'}
        </button>
      </div>
    </form>
  );
}
