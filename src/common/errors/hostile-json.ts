/**
 * Finds what no request body or query may carry, before anything recursive touches it: class-transformer,
 * class-validator and the idempotency hash all recurse (a body nested 10,000 deep overflows the stack);
 * class-transformer throws on a key named "constructor"; PostgreSQL refuses NUL in text. Plain TypeScript.
 */

/** Deeper than any body of the API needs (the deepest, fill-link prefill values, is 3). */
export const MAX_JSON_DEPTH = 32;

/** Keys that reach object prototypes or break class-transformer; never a field or field id of ours. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export interface JsonProblem {
  /** Where, as a partner would write it: `values[0].value`, `answers.constructor`, or `(body)`. */
  path: string;
  message: string;
}

function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  const name = /^[A-Za-z_][\w-]*$/.test(key) ? key : JSON.stringify(key);
  return parent ? `${parent}.${name}` : name;
}

function describe(path: string): string {
  return path === '' ? '(body)' : path;
}

/**
 * The first problem found (depth-first, iteratively, so depth itself cannot overflow the stack), or undefined.
 * `root` names the part of the request ("" for the body, "query" for the query string).
 */
export function findHostileJson(value: unknown, root = '', maxDepth = MAX_JSON_DEPTH): JsonProblem | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: root, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (item.value.includes('\u0000')) {
        return { path: describe(item.path), message: 'must not contain NUL (\\u0000) characters' };
      }
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= maxDepth) {
      return {
        path: describe(item.path),
        message: `nests deeper than ${maxDepth} levels of objects and arrays: no field of this API needs that`,
      };
    }
    if (Array.isArray(item.value)) {
      for (let i = item.value.length - 1; i >= 0; i--) {
        stack.push({ value: item.value[i], path: childPath(item.path, i), depth: item.depth + 1 });
      }
      continue;
    }
    const keys = Object.keys(item.value);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i];
      const path = childPath(item.path, key);
      if (FORBIDDEN_KEYS.has(key)) return { path, message: `"${key}" is not allowed as a key` };
      if (key.includes('\u0000')) {
        return { path: describe(item.path), message: 'keys must not contain NUL (\\u0000) characters' };
      }
      stack.push({ value: (item.value as Record<string, unknown>)[key], path, depth: item.depth + 1 });
    }
  }
  return undefined;
}
