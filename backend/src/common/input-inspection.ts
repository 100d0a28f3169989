import type { FieldError } from './envelope.js';

/**
 * Bounds every body, query and route parameter is held to before anything reads it. No form of
 * the product comes near them (its deepest body is a list of members: three levels; its largest,
 * a full attendance sheet, 500 rows of three values each); they stop
 * input that would make validation, the rate-limit keys or PostgreSQL work hard or fail.
 */
export const INPUT_LIMITS = {
  /** Objects and arrays nested inside the body (or query). */
  maxDepth: 8,
  /** Keys and array entries counted over the whole body (or query). */
  maxValues: 2000,
  /** Characters in any one string; each field's own rule is usually much tighter. */
  maxStringLength: 10_000,
  /** Characters in a field name: longer ones are never a field of ours. */
  maxKeyLength: 64,
} as const;

/**
 * Keys that reach an object's prototype when code copies or merges input. JSON.parse makes
 * `__proto__` an own key, so it survives parsing and would be copied by a careless merge.
 */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** NUL, the other C0 controls, DEL and C1; PostgreSQL refuses NUL in text outright. */
const CONTROL_CHARACTERS = /\p{Cc}/u;
/** The same without tab, line feed and carriage return, which free text in a body may hold. */
const CONTROL_CHARACTERS_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;
/** Half of a UTF-16 surrogate pair on its own (JSON's "\ud800"): not a character at all. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const UNPRINTABLE = new RegExp(`${CONTROL_CHARACTERS.source}|${LONE_SURROGATE.source}`, 'gu');

interface InspectedInput {
  body?: unknown;
  query?: unknown;
  params?: unknown;
}

/** The first problem of a request's input, as the envelope's field error, or undefined when it is fine. */
export function inspectRequestInput({ body, query, params }: InspectedInput): FieldError | undefined {
  if (Array.isArray(body)) return { field: 'body', message: 'The request body must be a JSON object' };
  return (
    inspectValue(body, { place: 'body', allowLineBreaks: true }) ??
    inspectValue(query, { place: 'query', allowLineBreaks: false }) ??
    inspectValue(params, { place: 'params', allowLineBreaks: false })
  );
}

interface Place {
  /** Named in field errors about the whole input rather than one field. */
  place: string;
  allowLineBreaks: boolean;
}

interface Pending {
  value: unknown;
  path: string[];
  depth: number;
}

/**
 * Walks a parsed value with its own stack instead of recursion, so input nested thousands of
 * levels deep is refused here rather than overflowing the call stack.
 */
function inspectValue(root: unknown, { place, allowLineBreaks }: Place): FieldError | undefined {
  const controls = allowLineBreaks ? CONTROL_CHARACTERS_BUT_LINE_BREAKS : CONTROL_CHARACTERS;
  const pending: Pending[] = [{ value: root, path: [], depth: 0 }];
  let values = 0;
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, path, depth } = item;
    const field = path.join('.') || place;
    if (typeof value === 'string') {
      const problem = stringProblem(value, controls);
      if (problem) return { field, message: `${field} ${problem}` };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    // The field a client sent is the one named: "email is nested too deeply", not its thousandth level.
    const topField = path[0] ?? place;
    if (depth >= INPUT_LIMITS.maxDepth) return { field: topField, message: `${topField} is nested too deeply` };
    const entries = Object.entries(value);
    values += entries.length;
    if (values > INPUT_LIMITS.maxValues) return { field: topField, message: `${topField} has too many values` };
    for (const [key, child] of entries) {
      const keyProblem = Array.isArray(value) ? undefined : badKey(key, path, controls);
      if (keyProblem) return keyProblem;
      pending.push({ value: child, path: [...path, key], depth: depth + 1 });
    }
  }
  return undefined;
}

function stringProblem(value: string, controls: RegExp): string | undefined {
  if (value.length > INPUT_LIMITS.maxStringLength) return 'is too long';
  if (controls.test(value) || LONE_SURROGATE.test(value)) return 'contains a character that is not allowed';
  return undefined;
}

/** A key no DTO declares and no code should copy; named printably, as the validation pipe names unknown fields. */
function badKey(key: string, path: string[], controls: RegExp): FieldError | undefined {
  if (!PROTOTYPE_KEYS.has(key) && key.length <= INPUT_LIMITS.maxKeyLength && !controls.test(key) && !LONE_SURROGATE.test(key)) return undefined;
  const printable = key.slice(0, INPUT_LIMITS.maxKeyLength).replace(UNPRINTABLE, '?');
  const field = [...path, printable].join('.');
  return { field, message: `${field} is not an accepted field` };
}
