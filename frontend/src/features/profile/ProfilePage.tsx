import { useEffect, useRef } from 'react';
import { Alert } from '../../components/Alert';
import { RadioGroupField, SelectField, TextField } from '../../components/FormField';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import {
  departmentChange,
  departmentOptions,
  genderOptions,
  NAME_MAX_LENGTH,
  normaliseName,
  personErrors,
  type PersonValues,
  yearOptions,
} from '../../lib/person-rules';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFocusLater } from '../../lib/use-focus-later';
import { failing, useForm } from '../../lib/use-form';
import { useSession } from '../../session/use-session';
import { useOutcome } from '../../toasts/use-outcome';
import { useToast } from '../../toasts/use-toast';
import { DataExportPanel } from './DataExportPanel';
import { DeleteAccountPanel } from './DeleteAccountPanel';
import { type Profile, type ProfileBody, useGetProfileQuery, useSaveProfileMutation } from './profile-api';
import '../../components/panel.css';
import './profile.css';

/**
 * /profile: a student's name, department, year and gender they may change, beside the e-mail
 * address they may not; then, for every account, its data to download and deleting it. Staff
 * have no profile to edit (their details are the super admin's to set), only the last two.
 */
export function ProfilePage() {
  useDocumentTitle('Profile');
  const { user } = useSession();
  if (user && user.role !== 'student') return <StaffAccountPage />;
  return <StudentProfilePage />;
}

function StaffAccountPage() {
  return (
    <div className="page page--narrow">
      <PageHeader eyebrow="Your account" title="Profile">
        Your data, and your account.
      </PageHeader>
      <div className="profile-sections">
        <DataExportPanel />
        <DeleteAccountPanel />
      </div>
    </div>
  );
}

function StudentProfilePage() {
  const { data: profile, error, isFetching, refetch } = useGetProfileQuery();
  let view;
  if (profile) {
    view = (
      <div className="profile-sections">
        <ProfileForm profile={profile} />
        <DataExportPanel />
        <DeleteAccountPanel />
      </div>
    );
  } else if (error) view = <LoadError title="Failed to load user profile" error={error} retrying={isFetching} onRetry={() => void refetch()} />;
  else view = <Spinner label="Loading your profile…" page />;
  return (
    <div className="page page--narrow">
      <PageHeader eyebrow="Your account" title="Profile">
        Your name, department, year and gender, as your teams, your registrations and the festival's organisers see them.
      </PageHeader>
      {view}
    </div>
  );
}

const valuesOf = (profile: Profile): PersonValues => ({ name: profile.name, dept: profile.dept ?? '', year: profile.year ?? '', gender: profile.gender ?? '' });

function ProfileForm({ profile }: { profile: Profile }) {
  const form = useForm(valuesOf(profile), (values) => failing(personErrors(values)));
  const [save, { isLoading }] = useSaveProfileMutation();
  const { outcome, clear, failed } = useOutcome();
  const toast = useToast();
  const outcomeRef = useRef<HTMLDivElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const focusLater = useFocusLater();
  useEffect(() => {
    // A refusal is said beside Save Profile, and the keyboard lands on it.
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);
  const department = form.field('dept', 'choice');

  const submit = form.handleSubmit(async (values) => {
    clear();
    // The form's rules let only a listed department and gender through.
    const result = await save({
      ...values,
      name: normaliseName(values.name),
      dept: values.dept as ProfileBody['dept'],
      gender: values.gender as ProfileBody['gender'],
    });
    if (result.error) {
      failed(result.error, 'Failed to save your profile', form);
      return;
    }
    // The name as the server keeps it, so the field shows what others will see.
    form.setValue('name', result.data.profile.name);
    toast.success(result.data.message);
    // Save Profile was off while it ran, which took the focus from it: it gets it back.
    focusLater(() => saveButton.current);
  });

  return (
    <form ref={form.formRef} className="panel" onSubmit={submit} noValidate aria-label="Profile">
      <TextField
        label="E-mail"
        value={profile.email}
        readOnly
        hint="Your e-mail address is your account's identity: you sign in with it and the festival writes to it, so it does not change here."
      />
      {profile.rollNumber && <TextField label="Roll number" value={profile.rollNumber} readOnly />}
      <TextField
        label="Full name"
        autoComplete="name"
        maxLength={NAME_MAX_LENGTH}
        hint="From now on your teams, registrations and results show the name you save; e-mails already sent keep the one they were sent with, and certificates already issued keep theirs until the organisers re-issue them."
        {...form.field('name')}
      />
      {/* Department first: it decides which years may be chosen. */}
      <SelectField
        label="Department"
        placeholder="Select department"
        options={departmentOptions}
        {...department}
        onValueChange={departmentChange(department, form)}
      />
      <SelectField label="Year" placeholder="Select year" options={yearOptions(form.values.dept)} {...form.field('year', 'choice')} />
      <RadioGroupField
        label="Gender"
        hint="It cannot change while you are in a team of a gender-based event, whose members share one gender."
        options={genderOptions}
        {...form.field('gender', 'choice')}
      />
      {outcome && (
        <Alert ref={outcomeRef} tone={outcome.tone}>
          {outcome.text}
        </Alert>
      )}
      <button ref={saveButton} type="submit" className="button button--primary button--block" disabled={isLoading}>
        {isLoading ? 'Saving...' : 'Save Profile'}
      </button>
    </form>
  );
}
