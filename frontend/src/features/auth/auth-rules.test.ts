import { describe, expect, it } from 'vitest';
import { normaliseName, yearAfterDepartmentChange } from '../../lib/person-rules';
import {
  changePasswordBlock,
  changePasswordChecks,
  emailError,
  normaliseRollNumber,
  PASSWORD_CHECKS,
  resetErrors,
  resetRequestTone,
  signInErrors,
  signUpErrors,
  type SignUpValues,
} from './auth-rules';

const DOMAIN = 'campus.ac.in';

const validSignUp: SignUpValues = {
  name: 'Priya Raman',
  year: '3',
  dept: 'CSE',
  email: 'priya@campus.ac.in',
  rollNumber: '23CSE001',
  gender: 'Female',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('e-mail rule', () => {
  it('requires an address at the institution domain', () => {
    expect(emailError('', DOMAIN)).toBe('Email is required');
    expect(emailError('   ', DOMAIN)).toBe('Email is required');
    expect(emailError('priya@gmail.com', DOMAIN)).toBe('Please enter a valid institution email');
    expect(emailError('@campus.ac.in', DOMAIN)).toBe('Please enter a valid institution email');
    expect(emailError('priya@evilcampus.ac.in', DOMAIN)).toBe('Please enter a valid institution email');
    expect(emailError(' Priya@Campus.AC.IN ', DOMAIN)).toBeUndefined();
  });

  it('accepts only a plain address, as the server does: one mailbox, one address', () => {
    for (const odd of ['a:me', 'a,me', 'a;me', 'a(c)me', 'a<me>', '"a"me', 'a me', 'a!me', '.me', 'me.', 'a..me', 'x'.repeat(65)]) {
      expect(emailError(`${odd}@campus.ac.in`, DOMAIN)).toBe('Please enter a valid institution email');
    }
    for (const plain of ['priya.23cse', 'priya+fest', 'priya_r-23', 'P.R.23']) expect(emailError(`${plain}@campus.ac.in`, DOMAIN)).toBeUndefined();
  });

  it('leaves the domain to the server until the festival facts have loaded', () => {
    expect(emailError('priya@anywhere.ac.in', undefined)).toBeUndefined();
    expect(emailError('not an email', undefined)).toBe('Please enter a valid institution email');
  });
});

describe('sign-in rules', () => {
  it('requires a password of more than 3 characters', () => {
    expect(signInErrors({ email: 'a@campus.ac.in', password: '' }, DOMAIN)).toEqual({ password: 'Password is required' });
    expect(signInErrors({ email: 'a@campus.ac.in', password: 'abc' }, DOMAIN)).toEqual({ password: 'Password cannot be less than 4 characters.' });
    expect(signInErrors({ email: 'a@campus.ac.in', password: 'abcd' }, DOMAIN)).toEqual({});
  });
});

describe('sign-up rules', () => {
  const errorsFor = (changes: Partial<SignUpValues>) => signUpErrors({ ...validSignUp, ...changes }, DOMAIN);

  it('accepts a complete form', () => {
    expect(errorsFor({})).toEqual({});
  });

  it('reports every missing field with its message', () => {
    const empty = Object.fromEntries(Object.keys(validSignUp).map((key) => [key, ''])) as SignUpValues;
    expect(signUpErrors(empty, DOMAIN)).toEqual({
      name: 'Name is required',
      year: 'Year is required',
      dept: 'Department is required',
      email: 'Email is required',
      rollNumber: 'Roll number is required',
      gender: 'Gender is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
  });

  it('checks lengths and the confirmation', () => {
    expect(errorsFor({ name: ' A ' })).toEqual({ name: 'Name must be at least 2 characters' });
    expect(errorsFor({ password: 'abc12', confirmPassword: 'abc12' })).toEqual({ password: 'Password must be at least 6 characters' });
    expect(errorsFor({ confirmPassword: 'secret2' })).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it.each(['S. Priya', "O'Brien", 'Jean-Luc', 'प्रिया शर्मा', '  Priya \n Raman  '])('accepts the name %j', (name) => {
    expect(errorsFor({ name })).toEqual({});
  });

  it.each([
    ['Priya https://evil.example', 'Name may contain only letters, spaces, apostrophes, hyphens and periods'],
    ['Priya <b>', 'Name may contain only letters, spaces, apostrophes, hyphens and periods'],
    ['Priya 😀', 'Name may contain only letters, spaces, apostrophes, hyphens and periods'],
    ['Pri\u200dya', 'Name may contain only letters, spaces, apostrophes, hyphens and periods'],
    ['-Priya', 'Name must start with a letter'],
    ['a'.repeat(101), 'Name must be at most 100 characters'],
  ])('refuses the name %j as the server does', (name, message) => {
    expect(errorsFor({ name })).toEqual({ name: message });
  });

  it.each(['23cse001', ' 21-IT/045 ', 'A1'])('accepts the roll number %j', (rollNumber) => {
    expect(errorsFor({ rollNumber })).toEqual({});
  });

  it.each([
    ['23CSE😀', 'Roll number may contain only letters, digits, hyphens and slashes'],
    ['\u202e410ESC32', 'Roll number may contain only letters, digits, hyphens and slashes'],
    ['23CSE\u200b001', 'Roll number may contain only letters, digits, hyphens and slashes'],
    ['23 CSE 001', 'Roll number may contain only letters, digits, hyphens and slashes'],
    ['/23CSE', 'Roll number must start with a letter or a digit'],
    ['A'.repeat(21), 'Roll number must be at most 20 characters'],
  ])('refuses the roll number %j as the server does', (rollNumber, message) => {
    expect(errorsFor({ rollNumber })).toEqual({ rollNumber: message });
  });

  it('sends names and roll numbers in the form the server stores', () => {
    expect(normaliseName('  Jose\u0301 \n Garci\u0301a ')).toBe('José García');
    expect(normaliseRollNumber(' 21-it/045 ')).toBe('21-IT/045');
  });

  it.each([
    ['MBA', ['1', '2'], '3', 'MBA/MCA/M.E. students can only select 1st or 2nd year'],
    ['MCA', ['1', '2'], '4', 'MBA/MCA/M.E. students can only select 1st or 2nd year'],
    ['M.E.', ['1', '2'], '3', 'MBA/MCA/M.E. students can only select 1st or 2nd year'],
    ['Ph.D', ['1', '2', '3', '4', '5', '6'], null, 'Ph.D students can only select 1st to 6th year'],
    ['CSE', ['3', '4'], '1', 'Undergraduate students can only select 3rd or 4th year'],
    ['Arch', ['3', '4'], '5', 'Undergraduate students can only select 3rd or 4th year'],
    ['', ['1', '2', '3', '4'], '5', 'Please select a valid year'],
  ])('lets %s choose years %j', (dept, allowed, refused, message) => {
    for (const year of allowed) expect(errorsFor({ dept, year }).year).toBeUndefined();
    if (refused) expect(errorsFor({ dept, year: refused }).year).toBe(message);
  });

  it('clears the year when the new department does not allow it', () => {
    expect(yearAfterDepartmentChange('3', 'MBA')).toBe('');
    expect(yearAfterDepartmentChange('2', 'MBA')).toBe('2');
    expect(yearAfterDepartmentChange('5', 'Ph.D')).toBe('5');
    expect(yearAfterDepartmentChange('5', 'IT')).toBe('');
  });
});

describe('reset rules', () => {
  it('needs a new password of 6 or more and the same confirmation', () => {
    expect(resetErrors({ password: '', confirmPassword: '' })).toEqual({ password: 'Password is required', confirmPassword: 'Please confirm your password' });
    expect(resetErrors({ password: 'abc', confirmPassword: 'abd' })).toEqual({
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
    });
    expect(resetErrors({ password: 'abcdef', confirmPassword: 'abcdef' })).toEqual({});
  });

  it('styles the reset-request message by its words', () => {
    expect(resetRequestTone('If an account exists for this email, a password reset link has been sent to it.')).toBe('success');
    expect(resetRequestTone('Reset was a success')).toBe('success');
    expect(resetRequestTone('Failed to send reset email')).toBe('error');
  });
});

describe('change-password rules', () => {
  const met = (password: string) => PASSWORD_CHECKS.filter((check) => check.test(password)).map((check) => check.label);

  it('ticks each requirement on its own', () => {
    expect(met('')).toEqual([]);
    expect(met('abcdef')).toEqual(['At least 6 characters', 'Contains letters']);
    expect(met('123')).toEqual(['Contains numbers']);
    expect(met('Ab1!')).toEqual(['Contains letters', 'Contains numbers', 'Contains special characters']);
  });

  const values = (newPassword: string, confirmPassword = newPassword) => ({ currentPassword: 'old', newPassword, confirmPassword });
  const studentMeets = (password: string) => changePasswordBlock(values(password), PASSWORD_CHECKS) === undefined;

  it('accepts exactly the listed special characters', () => {
    for (const special of `!@#$%^&*()_+-=[]{};':"\\|,.<>/?`) expect(studentMeets(`abc12${special}`)).toBe(true);
    for (const other of ['~', '`', ' ', '€']) expect(studentMeets(`abc12${other}`)).toBe(false);
  });

  it('blocks a weak or unconfirmed new password', () => {
    expect(changePasswordBlock(values('abc123'), PASSWORD_CHECKS)).toBe('Please ensure your new password meets all requirements');
    expect(changePasswordBlock(values('abc12!', 'abc12?'), PASSWORD_CHECKS)).toBe('New passwords do not match');
    expect(changePasswordBlock(values('abc12!'), PASSWORD_CHECKS)).toBeUndefined();
  });

  it('holds club admins and super admins to the staff rule, which needs no special character', () => {
    for (const role of ['admin', 'superadmin'] as const) {
      const staff = changePasswordChecks(role);
      for (const weak of ['aaaaaa', 'abc12!', 'abcdefg1!', 'ABCDEFG1!']) {
        expect(changePasswordBlock(values(weak), staff)).toBe('Please ensure your new password meets all requirements');
      }
      expect(changePasswordBlock(values('Strong2025'), staff)).toBeUndefined();
    }
    expect(changePasswordChecks('student')).toBe(PASSWORD_CHECKS);
  });
});
