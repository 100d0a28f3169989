import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { normaliseName, normaliseRollNumber, PersonNameField, RollNumberField } from './person-fields.js';

class Form {
  @PersonNameField()
  name: string;

  @RollNumberField()
  rollNumber: string;
}

/** The form as the validation pipe sees it: normalised, then the first failing rule per field. */
function check(fields: Partial<Record<keyof Form, unknown>>) {
  const form = plainToInstance(Form, { name: 'Priya Raman', rollNumber: '23CSE001', ...fields });
  const errors = validateSync(form, { stopAtFirstError: true });
  return { form, messages: Object.fromEntries(errors.map((e) => [e.property, Object.values(e.constraints ?? {})[0]])) };
}

describe('normaliseName', () => {
  it('composes, trims and collapses white space, line breaks included', () => {
    expect(normaliseName('  Jose\u0301 \n\t  Garci\u0301a  ')).toBe('José García');
    expect(normaliseName('José García')).toBe(normaliseName('Jose\u0301 Garci\u0301a'));
  });
});

describe('normaliseRollNumber', () => {
  it('composes, trims and upper-cases ASCII letters only', () => {
    expect(normaliseRollNumber('  23cse014 ')).toBe('23CSE014');
    // toUpperCase would turn ß into SS and ı into I, letting a non-ASCII number pass as another one.
    expect(normaliseRollNumber('23ßı')).toBe('23ßı');
  });
});

describe('PersonNameField', () => {
  it.each(['Priya Raman', 'S. Priya', "O'Brien", 'O’Neil', 'Jean-Luc Picard', 'प्रिया शर्मा', 'மீனா', 'Zoë', 'Chloé', '李小龙'])('accepts %s', (name) => {
    expect(check({ name }).messages).toEqual({});
  });

  it('stores the normalised name', () => {
    expect(check({ name: '  Priya \n Raman ' }).form.name).toBe('Priya Raman');
  });

  it.each([
    [undefined, 'Name is required'],
    ['   ', 'Name is required'],
    [42, 'Name is required'],
    ['A', 'Name must be at least 2 characters'],
    ['a'.repeat(101), 'Name must be at most 100 characters'],
    ['Priya https://evil.example', 'Name may contain only letters, spaces, apostrophes, hyphens and periods'],
    ['<b>Priya</b>', 'Name may contain only letters, spaces, apostrophes, hyphens and periods'],
    ['Priya 😀', 'Name may contain only letters, spaces, apostrophes, hyphens and periods'],
    ['Priya\u200dRaman', 'Name may contain only letters, spaces, apostrophes, hyphens and periods'],
    ['Priya\u202eRaman', 'Name may contain only letters, spaces, apostrophes, hyphens and periods'],
    ['Priya2', 'Name may contain only letters, spaces, apostrophes, hyphens and periods'],
    ['-Priya', 'Name must start with a letter'],
    ['\u0301Priya', 'Name must start with a letter'],
  ])('refuses %j with "%s"', (name, message) => {
    expect(check({ name }).messages).toEqual({ name: message });
  });
});

describe('RollNumberField', () => {
  it.each([
    ['23cse014', '23CSE014'],
    [' 21-IT/045 ', '21-IT/045'],
    ['A1', 'A1'],
  ])('accepts %j as %s', (rollNumber, stored) => {
    const { form, messages } = check({ rollNumber });
    expect(messages).toEqual({});
    expect(form.rollNumber).toBe(stored);
  });

  it.each([
    [undefined, 'Roll number is required'],
    ['  ', 'Roll number is required'],
    ['A'.repeat(21), 'Roll number must be at most 20 characters'],
    ['23CSE😀', 'Roll number may contain only letters, digits, hyphens and slashes'],
    ['23CSE\u200b014', 'Roll number may contain only letters, digits, hyphens and slashes'],
    ['\u202e410ESC32', 'Roll number may contain only letters, digits, hyphens and slashes'],
    ['23 CSE 014', 'Roll number may contain only letters, digits, hyphens and slashes'],
    ['２３CSE', 'Roll number may contain only letters, digits, hyphens and slashes'],
    ['23ÇSE', 'Roll number may contain only letters, digits, hyphens and slashes'],
    ['/23CSE', 'Roll number must start with a letter or a digit'],
    ['-23CSE', 'Roll number must start with a letter or a digit'],
  ])('refuses %j with "%s"', (rollNumber, message) => {
    expect(check({ rollNumber }).messages).toEqual({ rollNumber: message });
  });
});
