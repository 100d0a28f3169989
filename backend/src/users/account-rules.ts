/** The sign-up form's rules (student-side spec §5), shared by the DTOs and their tests. */
export const DEPARTMENTS = ['CSE', 'IT', 'AIDS', 'ECE', 'EEE', 'MECH', 'CIVIL', 'Bio-Tech', 'BME', 'MBA', 'MCA', 'Arch', 'Ph.D', 'M.E.'] as const;

const TWO_YEAR_PROGRAMMES: readonly string[] = ['MBA', 'MCA', 'M.E.'];

/** The years a department allows and the message when another is chosen. */
export function allowedYears(dept: string | undefined): { years: string[]; message: string } {
  if (!dept || !(DEPARTMENTS as readonly string[]).includes(dept)) return { years: ['1', '2', '3', '4'], message: 'Please select a valid year' };
  if (TWO_YEAR_PROGRAMMES.includes(dept)) return { years: ['1', '2'], message: 'MBA/MCA/M.E. students can only select 1st or 2nd year' };
  if (dept === 'Ph.D') return { years: ['1', '2', '3', '4', '5', '6'], message: 'Ph.D students can only select 1st to 6th year' };
  return { years: ['3', '4'], message: 'Undergraduate students can only select 3rd or 4th year' };
}
