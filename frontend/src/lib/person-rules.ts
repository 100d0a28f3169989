// The rules about people that every form shares: names, institution e-mail addresses, genders,
// departments and years.

const GENDERS = ['Male', 'Female', 'Other'] as const;

export const genderOptions = GENDERS.map((gender) => ({ value: gender, label: gender }));

/** The server's limit, also set on the inputs so it is met while typing rather than learned from a refusal. */
export const NAME_MAX_LENGTH = 100;

/** A name as the server stores it: one Unicode form, trimmed, single-spaced. */
export const normaliseName = (name: string) => name.normalize('NFC').trim().replace(/\s+/gu, ' ');

/** Letters of any script with their marks, spaces, apostrophes, hyphens and periods (as the server allows). */
const NAME_CHARACTERS = /^[\p{L}\p{M} '’.\-‐]*$/u;

export function nameError(value: string): string | undefined {
  const name = normaliseName(value);
  if (!name) return 'Name is required';
  if (name.length < 2) return 'Name must be at least 2 characters';
  if (name.length > NAME_MAX_LENGTH) return `Name must be at most ${NAME_MAX_LENGTH} characters`;
  if (!NAME_CHARACTERS.test(name)) return 'Name may contain only letters, spaces, apostrophes, hyphens and periods';
  return /^\p{L}/u.test(name) ? undefined : 'Name must start with a letter';
}

/**
 * A plain `local@domain`, as the server's `common/email-address.ts` accepts it: letters, digits,
 * `.`, `_`, `-` and `+` before the `@` (no dot at either end or twice in a row, at most 64), then
 * dot-separated labels. Nothing a mail program could read as another mailbox (`a:me@…`, `a,me@…`).
 */
const PLAIN_EMAIL = /^[a-z0-9_+-]+(?:\.[a-z0-9_+-]+)*@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i;

/** A plain e-mail address (the server has the last word on the rest). */
export const isEmailAddress = (email: string) => {
  const address = email.trim();
  return address.length <= 254 && address.indexOf('@') <= 64 && PLAIN_EMAIL.test(address);
};

export const INSTITUTION_EMAIL_MESSAGE = 'Please enter a valid institution email';

/**
 * Whether an address is at the institution's domain. Until the domain is known (the festival
 * facts are still loading) any address passes and the server judges it.
 */
export const isAtInstitution = (email: string, domain: string | undefined) => !domain || email.trim().toLowerCase().endsWith(`@${domain.toLowerCase()}`);

/** "1st Year", "2nd Year", ...; year '0' is staff. */
export const yearLabel = (year: string): string => (year === '0' ? 'Staff' : `${year}${['st', 'nd', 'rd'][Number(year) - 1] ?? 'th'} Year`);

/** The sign-up's departments (student-side §3); the group form lists a member's branch in the same words. */
const DEPARTMENTS = ['CSE', 'IT', 'AIDS', 'ECE', 'EEE', 'MECH', 'CIVIL', 'Bio-Tech', 'BME', 'MBA', 'MCA', 'Arch', 'Ph.D', 'M.E.'] as const;

export const departmentOptions = DEPARTMENTS.map((dept) => ({ value: dept, label: dept }));

const TWO_YEAR_PROGRAMMES: readonly string[] = ['MBA', 'MCA', 'M.E.'];

/** The years a department allows, and the message for any other. */
function allowedYears(dept: string): { years: string[]; message: string } {
  if (!dept) return { years: ['1', '2', '3', '4'], message: 'Please select a valid year' };
  if (TWO_YEAR_PROGRAMMES.includes(dept)) return { years: ['1', '2'], message: 'MBA/MCA/M.E. students can only select 1st or 2nd year' };
  if (dept === 'Ph.D') return { years: ['1', '2', '3', '4', '5', '6'], message: 'Ph.D students can only select 1st to 6th year' };
  return { years: ['3', '4'], message: 'Undergraduate students can only select 3rd or 4th year' };
}

/** The years offered in a department: only the ones it allows. */
export const yearOptions = (dept: string) => allowedYears(dept).years.map((year) => ({ value: year, label: yearLabel(year) }));

/** The year to keep when the department changes: cleared when the new department does not allow it. */
export const yearAfterDepartmentChange = (year: string, dept: string): string => (allowedYears(dept).years.includes(year) ? year : '');

/**
 * What choosing a department does in a form with a year: `department` (the form's bound field)
 * takes it, and a year it does not allow is cleared, so the year list offers only its years.
 */
export const departmentChange =
  (department: { onValueChange: (dept: string) => void }, form: { values: { year: string }; setValue: (name: 'year', value: string) => void }) =>
  (dept: string) => {
    department.onValueChange(dept);
    const year = yearAfterDepartmentChange(form.values.year, dept);
    if (year !== form.values.year) form.setValue('year', year);
  };

export function yearError(year: string, dept: string): string | undefined {
  if (!year) return 'Year is required';
  const allowed = allowedYears(dept);
  return allowed.years.includes(year) ? undefined : allowed.message;
}

/** What a student says of themself, at sign-up and on their profile. */
export type PersonValues = {
  name: string;
  dept: string;
  year: string;
  gender: string;
};

/** The messages of those fields' rules (the year judged with the department), undefined where a rule holds. */
export const personErrors = ({ name, dept, year, gender }: PersonValues) => ({
  name: nameError(name),
  year: yearError(year, dept),
  dept: dept ? undefined : 'Department is required',
  gender: gender ? undefined : 'Gender is required',
});
