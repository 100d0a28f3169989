import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength, MinLength } from 'class-validator';

/**
 * A person's name as it is stored and e-mailed: one Unicode form (NFC, so "é" typed either way
 * is one name), trimmed, and every run of white space (line breaks included) made one space.
 */
export function normaliseName(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

/**
 * Letters of any script with their combining marks (Devanagari vowel signs, accents), spaces,
 * apostrophes, hyphens and periods ("S. Priya", "O’Brien", "Jean-Luc"). Nothing else, so no
 * line break, URL, markup, emoji or invisible character can enter a name shown to others.
 */
const NAME_CHARACTERS = /^[\p{L}\p{M} '’.\-‐]*$/u;
const STARTS_WITH_LETTER = /^\p{L}/u;

/** Roll numbers compare in one form: NFC, trimmed, ASCII letters upper-cased ("23cse014" is "23CSE014"). */
export function normaliseRollNumber(value: string): string {
  return value
    .normalize('NFC')
    .trim()
    .replace(/[a-z]+/g, (letters) => letters.toUpperCase());
}

/** ASCII letters and digits, with '-' or '/' as separators the institution's numbers use. */
const ROLL_NUMBER_CHARACTERS = /^[A-Z0-9/-]*$/;
const STARTS_WITH_LETTER_OR_DIGIT = /^[A-Z0-9]/;

const whenString = (normalise: (value: string) => string) =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? normalise(value) : value));

/**
 * A person's name field (sign-up; any form that takes a name). `label` starts its messages.
 * applyDecorators registers these first to last and class-validator reports the first failure,
 * so "required" comes first.
 */
export const PersonNameField = (label = 'Name') =>
  applyDecorators(
    IsNotEmpty({ message: `${label} is required` }),
    IsString({ message: `${label} is required` }),
    MinLength(2, { message: `${label} must be at least 2 characters` }),
    MaxLength(100, { message: `${label} must be at most 100 characters` }),
    Matches(NAME_CHARACTERS, { message: `${label} may contain only letters, spaces, apostrophes, hyphens and periods` }),
    Matches(STARTS_WITH_LETTER, { message: `${label} must start with a letter` }),
    whenString(normaliseName),
    ApiProperty({ example: 'Priya Raman', minLength: 2, maxLength: 100, description: 'Letters of any script, spaces, apostrophes, hyphens and periods' }),
  );

export const RollNumberField = () =>
  applyDecorators(
    IsNotEmpty({ message: 'Roll number is required' }),
    IsString({ message: 'Roll number is required' }),
    MaxLength(20, { message: 'Roll number must be at most 20 characters' }),
    Matches(ROLL_NUMBER_CHARACTERS, { message: 'Roll number may contain only letters, digits, hyphens and slashes' }),
    Matches(STARTS_WITH_LETTER_OR_DIGIT, { message: 'Roll number must start with a letter or a digit' }),
    whenString(normaliseRollNumber),
    ApiProperty({ example: '23CSE001', maxLength: 20, description: 'ASCII letters and digits, optionally with - or /; stored upper-cased' }),
  );
