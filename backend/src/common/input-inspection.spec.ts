import { INPUT_LIMITS, inspectRequestInput } from './input-inspection.js';

/** A value nested `levels` deep under `field`, built without recursion. */
function nested(levels: number, wrap: (inner: unknown) => unknown): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i += 1) value = wrap(value);
  return value;
}

describe('inspectRequestInput', () => {
  it('accepts what the product sends', () => {
    expect(
      inspectRequestInput({
        body: {
          name: 'Priya Raman',
          members: [{ name: 'Arjun', email: 'arjun@campus.ac.in', year: 3 }],
          note: 'line one\nline two\tend\r\n',
          flag: true,
          none: null,
        },
        query: { q: 'meera', eventId: '' },
        params: { token: 'AbC_-123' },
      }),
    ).toBeUndefined();
    expect(inspectRequestInput({})).toBeUndefined();
  });

  it('refuses nesting deeper than the limit, naming the field the client sent', () => {
    const deep = { email: nested(INPUT_LIMITS.maxDepth, (inner) => [inner]) };
    expect(inspectRequestInput({ body: deep })).toEqual({ field: 'email', message: 'email is nested too deeply' });
    const justEnough = { email: nested(INPUT_LIMITS.maxDepth - 1, (inner) => ({ a: inner })) };
    expect(inspectRequestInput({ body: justEnough })).toBeUndefined();
  });

  it('refuses a body nested a hundred thousand levels without overflowing the stack', () => {
    expect(inspectRequestInput({ body: { a: nested(100_000, (inner) => ({ a: inner })) } })).toEqual({ field: 'a', message: 'a is nested too deeply' });
  });

  it('counts keys and entries over the whole input', () => {
    const many = { tags: Array.from({ length: INPUT_LIMITS.maxValues }, () => 'x') };
    expect(inspectRequestInput({ body: many })).toEqual({ field: 'tags', message: 'tags has too many values' });
    const keys = Object.fromEntries(Array.from({ length: INPUT_LIMITS.maxValues + 1 }, (_, i) => [`k${i}`, 1]));
    expect(inspectRequestInput({ body: keys })).toEqual({ field: 'body', message: 'body has too many values' });
    expect(inspectRequestInput({ body: { tags: many.tags.slice(1) } })).toBeUndefined();
  });

  it('refuses a string longer than the limit', () => {
    expect(inspectRequestInput({ body: { description: 'a'.repeat(INPUT_LIMITS.maxStringLength + 1) } })).toEqual({
      field: 'description',
      message: 'description is too long',
    });
    expect(inspectRequestInput({ body: { description: 'a'.repeat(INPUT_LIMITS.maxStringLength) } })).toBeUndefined();
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['a bell', 'a\u0007b'],
    ['an escape', '\u001b[31m'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', '\udc00'],
  ])('refuses %s anywhere in a body, naming the nested field', (_case, text) => {
    expect(inspectRequestInput({ body: { members: [{ name: 'ok' }, { name: text }] } })).toEqual({
      field: 'members.1.name',
      message: 'members.1.name contains a character that is not allowed',
    });
  });

  it('lets a body hold line breaks and tabs, but not a query or a route parameter', () => {
    expect(inspectRequestInput({ body: { text: 'a\nb\tc\r' } })).toBeUndefined();
    expect(inspectRequestInput({ query: { q: 'a\nb' } })).toEqual({ field: 'q', message: 'q contains a character that is not allowed' });
    expect(inspectRequestInput({ params: { token: 'abc\u0000' } })).toEqual({ field: 'token', message: 'token contains a character that is not allowed' });
  });

  it('accepts emoji and other well-formed characters (the fields decide what they allow)', () => {
    expect(inspectRequestInput({ body: { q: '👩🏽‍💻 \u202e\u200d é' } })).toBeUndefined();
  });

  it.each(['__proto__', 'constructor', 'prototype'])('refuses the prototype key %s at any depth', (key) => {
    expect(inspectRequestInput({ body: JSON.parse(`{"${key}":{"isAdmin":true}}`) })).toEqual({ field: key, message: `${key} is not an accepted field` });
    const deeper = JSON.parse(`{"members":[{"${key}":{"isAdmin":true}}]}`);
    expect(inspectRequestInput({ body: deeper })).toEqual({ field: `members.0.${key}`, message: `members.0.${key} is not an accepted field` });
    expect(inspectRequestInput({ query: { [key]: 'x' } })).toEqual({ field: key, message: `${key} is not an accepted field` });
  });

  it('names an unprintable or overlong key printably', () => {
    expect(inspectRequestInput({ body: { 'a\u0000b': 1 } })).toEqual({ field: 'a?b', message: 'a?b is not an accepted field' });
    const long = 'k'.repeat(INPUT_LIMITS.maxKeyLength + 50);
    expect(inspectRequestInput({ body: { [long]: 1 } })?.field).toBe('k'.repeat(INPUT_LIMITS.maxKeyLength));
  });

  it('refuses a body that is a list rather than an object', () => {
    expect(inspectRequestInput({ body: [{ email: 'a@campus.ac.in' }] })).toEqual({ field: 'body', message: 'The request body must be a JSON object' });
  });

  it('checks repeated query parameters (a list) like any other value', () => {
    expect(inspectRequestInput({ query: { q: ['ok', 'bad\u0000'] } })).toEqual({ field: 'q.1', message: 'q.1 contains a character that is not allowed' });
  });
});
