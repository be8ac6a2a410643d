import { findHostileJson, MAX_JSON_DEPTH } from './hostile-json';

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('findHostileJson', () => {
  it('passes ordinary bodies, including strings with other control characters', () => {
    expect(findHostileJson({ a: [{ b: 'x\ty' }], c: null, d: 1, e: true })).toBeUndefined();
    expect(findHostileJson(undefined)).toBeUndefined();
  });

  it('refuses nesting past the limit, iteratively (100,000 deep does not overflow the stack)', () => {
    expect(findHostileJson({ a: nested(MAX_JSON_DEPTH - 2) })).toBeUndefined();
    expect(findHostileJson({ a: nested(100_000) })).toEqual({
      path: `a${'[0]'.repeat(MAX_JSON_DEPTH - 1)}`,
      message: `nests deeper than ${MAX_JSON_DEPTH} levels of objects and arrays: no field of this API needs that`,
    });
  });

  it.each(['constructor', '__proto__', 'prototype'])('refuses the key %s wherever it is', (key) => {
    const body = JSON.parse(`{"values":[{"field_id":"f","${key}":{"x":1}}]}`) as unknown;
    expect(findHostileJson(body)).toEqual({ path: `values[0].${key}`, message: `"${key}" is not allowed as a key` });
  });

  it('names the string holding a NUL, and quotes odd keys', () => {
    expect(findHostileJson({ answers: { 'fld 1': 'a\u0000b' } })).toEqual({
      path: 'answers."fld 1"',
      message: 'must not contain NUL (\\u0000) characters',
    });
    expect(findHostileJson({ q: 'x\u0000' }, 'query')?.path).toBe('query.q');
    expect(findHostileJson('\u0000')?.path).toBe('(body)');
  });

  it('refuses a NUL in a key, naming the object holding it', () => {
    expect(findHostileJson({ answers: { 'a\u0000': 'x' } })).toEqual({
      path: 'answers',
      message: 'keys must not contain NUL (\\u0000) characters',
    });
  });

  it('reports the first problem in document order', () => {
    expect(findHostileJson({ a: 'ok', b: '\u0000', c: { constructor: 1 } })?.path).toBe('b');
  });
});
