import { useNavigate } from 'react-router-dom';
import { Alert } from '../../components/Alert';
import { PasswordField, RadioGroupField, SelectField, TextField } from '../../components/FormField';
import { Link } from '../../components/Link';
import { paths, type SignInState } from '../../config/paths';
import { departmentChange, departmentOptions, genderOptions, NAME_MAX_LENGTH, normaliseName, yearOptions } from '../../lib/person-rules';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useForm } from '../../lib/use-form';
import { useLater } from '../../lib/use-later';
import { useOutcome } from '../../toasts/use-outcome';
import { useSignUpMutation, type SignUpForm } from './auth-api';
import { normaliseRollNumber, ROLL_NUMBER_MAX_LENGTH, signUpErrors, type SignUpValues } from './auth-rules';
import { AuthCard } from './AuthCard';
import { EmailField } from './EmailField';
import type { AccountPageProps } from './SignInPage';

const REDIRECT_DELAY_MS = 1500;

const EMPTY: SignUpValues = { name: '', year: '', dept: '', email: '', rollNumber: '', gender: '', password: '', confirmPassword: '' };

export function SignUpPage({ emailDomain }: AccountPageProps) {
  useDocumentTitle('Create account');
  return (
    <AuthCard
      title="Create Account"
      subtitle="Sign up with your institution email to register for the festival's events."
      footer={
        <>
          <span>Already have an account?</span>
          <Link to={paths.signIn}>Sign in</Link>
        </>
      }
    >
      <SignUpForm emailDomain={emailDomain} />
    </AuthCard>
  );
}

function SignUpForm({ emailDomain }: AccountPageProps) {
  const form = useForm(EMPTY, (values) => signUpErrors(values, emailDomain));
  const [signUp, { isLoading, isSuccess }] = useSignUpMutation();
  const { outcome, clear, failed, succeeded } = useOutcome();
  const navigate = useNavigate();
  const later = useLater();

  const department = form.field('dept', 'choice');

  const submit = form.handleSubmit(async ({ confirmPassword: _notSent, ...values }) => {
    clear();
    // The form's rules let only a listed department and gender through.
    const result = await signUp({
      ...values,
      dept: values.dept as SignUpForm['dept'],
      gender: values.gender as SignUpForm['gender'],
      name: normaliseName(values.name),
      email: values.email.trim(),
      rollNumber: normaliseRollNumber(values.rollNumber),
    });
    if (result.error) {
      failed(result.error, 'Signup failed', form);
      return;
    }
    succeeded(result.data.message);
    form.reset();
    const state: SignInState = { notVerified: true };
    later(() => void navigate(paths.signIn, { state }), REDIRECT_DELAY_MS);
  });

  return (
    <form ref={form.formRef} className="auth-form auth-form--wide" onSubmit={submit} noValidate>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <TextField label="Full name" autoComplete="name" maxLength={NAME_MAX_LENGTH} {...form.field('name')} />
      {/* Department first: it decides which years may be chosen. */}
      <SelectField
        label="Department"
        placeholder="Select department"
        options={departmentOptions}
        {...department}
        onValueChange={departmentChange(department, form)}
      />
      <SelectField label="Year" placeholder="Select year" options={yearOptions(form.values.dept)} {...form.field('year', 'choice')} />
      <EmailField label="Institution email" emailDomain={emailDomain} {...form.field('email')} />
      <TextField label="Roll number" autoCapitalize="characters" placeholder="e.g. 23CSE001" maxLength={ROLL_NUMBER_MAX_LENGTH} {...form.field('rollNumber')} />
      <RadioGroupField label="Gender" options={genderOptions} {...form.field('gender', 'choice')} />
      <PasswordField label="Password" autoComplete="new-password" {...form.field('password')} />
      <PasswordField label="Confirm password" autoComplete="new-password" {...form.field('confirmPassword')} />
      <p className="auth-form__note">
        What is kept about you, and for how long, is on the <Link to={paths.privacy}>privacy page</Link>.
      </p>
      <button type="submit" className="button button--primary button--block" disabled={isLoading || isSuccess}>
        {isLoading ? 'Creating account...' : 'Create Account'}
      </button>
    </form>
  );
}
