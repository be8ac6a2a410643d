// Edits that act on the selection: delete, group options into one question, split them apart, nudge.
import { isOption, type Store } from './store';
import type { Field, PageSize, Rect } from './types';

let newQuestion = 1;

export function deleteSelected(store: Store): number {
  const keys = new Set(store.state.selected);
  if (!keys.size) return 0;
  store.change((fields) => {
    for (let i = fields.length - 1; i >= 0; i--) if (keys.has(fields[i].key)) fields.splice(i, 1);
    demoteLoneOptions(fields);
  });
  return keys.size;
}

/**
 * Makes the selected boxes the options of one question. An existing question of the selection keeps its
 * id (so the integration's stored question id survives); otherwise a new local id the server replaces.
 */
export function groupSelected(store: Store, kind: 'select_one' | 'select_many'): boolean {
  const chosen = store.selectedFields();
  if (chosen.length < 2) return false;
  const questionId =
    chosen.find((f) => f.question_id && !f.question_id.startsWith('new-'))?.question_id ?? `new-${newQuestion++}`;
  const prompt = chosen.map((f) => f.prompt).find((p) => p && p.trim()) ?? '';
  const keys = new Set(chosen.map((f) => f.key));
  store.change((fields) => {
    let n = 1;
    for (const f of fields) {
      if (!keys.has(f.key)) continue;
      f.kind = kind;
      f.question_id = questionId;
      f.choice_label = (f.choice_label || f.label || `Option ${n}`).trim();
      f.prompt = prompt;
      f.mark = f.mark ?? 'check';
      n++;
    }
    demoteLoneOptions(fields);
  });
  return true;
}

/** Takes the selected options out of their question: each becomes a check box of its own. */
export function splitSelected(store: Store): boolean {
  const keys = new Set(
    store
      .selectedFields()
      .filter(isOption)
      .map((f) => f.key),
  );
  if (!keys.size) return false;
  store.change((fields) => {
    for (const f of fields) {
      if (!keys.has(f.key)) continue;
      f.question_id = null;
      f.kind = 'checkbox';
      f.choice_label = (f.choice_label || f.label || 'Yes').trim();
    }
    demoteLoneOptions(fields);
  });
  return true;
}

/** A question left with one option is no question: that option becomes a plain check box (its id is its own). */
export function demoteLoneOptions(fields: Field[]): void {
  const counts = new Map<string, number>();
  for (const f of fields) if (isOption(f)) counts.set(f.question_id, (counts.get(f.question_id) ?? 0) + 1);
  for (const f of fields) if (isOption(f) && counts.get(f.question_id) === 1) f.kind = 'checkbox';
}

/** A field that leaves its question gives the question's id back (the server gives it one of its own). */
export function leaveQuestion(f: Field, fields: Field[]): void {
  if (f.question_id && fields.some((o) => o !== f && o.question_id === f.question_id)) f.question_id = null;
}

/** Arrow keys: move the selection by (dx, dy) points, or grow/shrink it when `resize`. */
export function nudgeSelected(
  store: Store,
  dx: number,
  dy: number,
  resize: boolean,
  pageSizes: Map<number, PageSize>,
): void {
  const keys = new Set(store.state.selected);
  if (!keys.size) return;
  store.change((fields) => {
    for (const f of fields) {
      if (!keys.has(f.key)) continue;
      const [x1, y1, x2, y2] = f.rect;
      const size = pageSizes.get(f.page);
      if (resize) f.rect = [x1, y1 + dy, Math.max(x1 + 2, x2 + dx), y2];
      else f.rect = [x1 + dx, y1 + dy, x2 + dx, y2 + dy];
      if (size) f.rect = clampRect(f.rect, size);
      if (f.rect[1] > f.rect[3] - 2) f.rect[1] = f.rect[3] - 2;
    }
  });
}

function clampRect([x1, y1, x2, y2]: Rect, { xMin, yMin, xMax, yMax }: PageSize): Rect {
  const w = x2 - x1;
  const h = y2 - y1;
  const nx = Math.min(Math.max(x1, xMin), xMax - w);
  const ny = Math.min(Math.max(y1, yMin), yMax - h);
  const r = (n: number): number => Math.round(n * 100) / 100;
  return [r(nx), r(ny), r(nx + w), r(ny + h)];
}
