// Plain-words kind names, read from the inspector's Kind select: the server renders its options from KIND_NAMES
// (src/editor/views/editor-page.ts), the one list of kinds and their names.
let names: Map<string, string> | null = null;

export function kindName(kind: string): string {
  names ??= new Map(
    Array.from(document.querySelectorAll<HTMLOptionElement>('#prop-kind option')).map((o) => [o.value, o.text]),
  );
  return names.get(kind) ?? kind;
}
