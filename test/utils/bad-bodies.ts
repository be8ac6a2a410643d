/**
 * Generates hostile variants of a valid JSON body: every leaf and branch replaced by each bad value, each
 * property removed, and hostile shapes for the whole body. Raw JSON text, so keys such as "__proto__" and
 * nesting deeper than JSON.stringify could produce survive as sent.
 */

export interface BadBody {
  label: string;
  json: string;
}

function deep(open: string, close: string, depth: number, inner = '1'): string {
  return `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
}

/** Raw JSON values that have broken, or could break, a parser, validator, transformer or the database. */
export const BAD_VALUES: ReadonlyArray<[string, string]> = [
  ['null', 'null'],
  ['true', 'true'],
  ['false', 'false'],
  ['zero', '0'],
  ['negative', '-1'],
  ['fraction', '1.5'],
  ['huge number', '1e308'],
  ['unsafe integer', '9007199254740993'],
  ['empty string', '""'],
  ['blank string', '"   "'],
  ['NUL string', '"\\u0000"'],
  ['NUL inside', '"intake\\u0000.pdf"'],
  ['lone surrogate', '"\\ud800"'],
  ['markup', '"<script>alert(1)</script>"'],
  ['long string', JSON.stringify('x'.repeat(5000))],
  ['empty array', '[]'],
  ['array of null', '[null]'],
  ['empty object', '{}'],
  ['constructor key', '{"constructor":{"name":"x"}}'],
  ['__proto__ key', '{"__proto__":{"polluted":true}}'],
  ['prototype key', '{"prototype":{}}'],
  ['toString key', '{"toString":1,"hasOwnProperty":2,"valueOf":{}}'],
  ['NUL key', '{"a\\u0000b":1}'],
  ['arrays 100 deep', deep('[', ']', 100)],
  ['arrays 12,000 deep', deep('[', ']', 12_000)],
  ['objects 12,000 deep', deep('{"a":', '}', 12_000)],
];

const MARKER = '"__bad_body_marker__"';
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = Array<string | number>;

function paths(value: Json, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => [[...prefix, i], ...paths(item, [...prefix, i])]);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...paths(item, [...prefix, key])]);
  }
  return [];
}

function withAt(
  base: Json,
  path: Path,
  replace: (parent: Json[] | Record<string, Json>, key: string | number) => void,
) {
  const copy = JSON.parse(JSON.stringify(base)) as Json;
  let parent = copy as Json[] | Record<string, Json>;
  for (const step of path.slice(0, -1)) parent = (parent as Record<string, Json>)[step] as Record<string, Json>;
  replace(parent, path[path.length - 1]);
  return copy;
}

function label(path: Path): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('');
}

/** Every variant of `base`: each path × each bad value, each path removed, and whole-body shapes. */
export function badBodies(base: Json): BadBody[] {
  const out: BadBody[] = [];
  for (const path of paths(base)) {
    for (const [name, raw] of BAD_VALUES) {
      const marked = withAt(base, path, (parent, key) => {
        (parent as Record<string, Json>)[key] = '__bad_body_marker__';
      });
      out.push({ label: `${label(path)} = ${name}`, json: JSON.stringify(marked).replace(MARKER, raw) });
    }
    const removed = withAt(base, path, (parent, key) => {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
    });
    out.push({ label: `${label(path)} removed`, json: JSON.stringify(removed) });
  }
  const text = JSON.stringify(base);
  const inner = text.slice(1, -1);
  const extra = (raw: string) => (inner ? `{${inner},${raw}}` : `{${raw}}`);
  out.push(
    ...[
      ['body null', 'null'],
      ['body array', '[]'],
      ['body array of body', `[${text}]`],
      ['body string', '"x"'],
      ['body number', '1'],
      ['body empty object', '{}'],
      ['body arrays 12,000 deep', deep('[', ']', 12_000)],
      ['body objects 12,000 deep', deep('{"a":', '}', 12_000)],
      ['extra constructor', extra('"constructor":{"prototype":{"x":1}}')],
      ['extra __proto__', extra('"__proto__":{"polluted":true}')],
      ['extra prototype', extra('"prototype":1')],
      ['extra toString', extra('"toString":"x"')],
      ['extra NUL key', extra('"\\u0000":1')],
      ['extra unknown', extra('"surprise":1')],
    ].map(([name, json]) => ({ label: name, json })),
  );
  return out;
}
