// Plain-words kind names, read from the inspector's Kind select: the server renders its options from KIND_NAMES
// (src/editor/views/editor-page.ts), the one list of kinds and their names.
let names = null;

export function kindName(kind) {
  names ??= new Map([...document.querySelectorAll('#prop-kind option')].map((o) => [o.value, o.text]));
  return names.get(kind) ?? kind;
}
