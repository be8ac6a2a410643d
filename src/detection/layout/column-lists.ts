/**
 * Check lists in columns under headings (a review of systems: `General` over `__ Insomnia`, `__ Fatigue`, `Skin` over
 * the next column): a printed row's markers belong to different lists. A marker's heading is the nearest text above
 * starting where the column's markers start.
 */
import type { Candidate } from './candidate';
import { COLUMN_ALIGN } from './grid-headers';
import type { TextLine, Token } from './text';

/** pt: a heading is at most this far above the marker (a column of items under one heading). */
const HEADING_MAX_RISE = 400;
/** A column list with at least this many options and no wording of its own is a check list (many answers). */
export const COLUMN_LIST_MANY_MIN = 3;

export interface ListQuestion {
  opts: Array<{ cand: Candidate; labelRaw: string; borrowed?: boolean }>;
  promptRaw: string;
  table: boolean;
  /** Regrouped under a column heading: no prompt of its own, the list decides one or many. */
  columnList?: boolean;
}

/**
 * Regroups the options of questions spanning headed columns by heading; a question wholly under such headings (a row
 * with one item of the list) joins them too. One with an option outside every headed column stays as it is.
 */
export function regroupColumnLists<Q extends ListQuestion>(questions: Q[], lines: TextLine[]): Q[] {
  const above = [...lines].sort((a, b) => a.base - b.base);
  const headsOf = (q: Q): Array<Token | null> => (q.table ? [] : q.opts.map((o) => nearestHeading(o.cand, above)));
  const heads = new Map(questions.map((q) => [q, headsOf(q)]));
  const headed = (q: Q): boolean => !q.table && heads.get(q)!.every((h) => h !== null);
  const lists = new Map<Token, Q>();
  for (const q of questions)
    if (headed(q) && new Set(heads.get(q)).size >= 2)
      for (const h of heads.get(q)!)
        if (!lists.has(h!)) lists.set(h!, { ...q, opts: [], promptRaw: h!.text, columnList: true });
  const out = new Set<Q>();
  for (const q of questions) {
    const hs = heads.get(q)!;
    if (!headed(q) || !hs.every((h) => lists.has(h!))) out.add(q);
    else
      q.opts.forEach((o, i) => {
        const list = lists.get(hs[i]!)!;
        out.add(list);
        list.opts.push(o);
      });
  }
  return [...out];
}

/** `lines` sorted bottom to top: the nearest line above the marker with text starting at its column. */
function nearestHeading(m: Candidate, lines: TextLine[]): Token | null {
  for (const l of lines) {
    if (l.base <= m.base + 1) continue;
    if (l.base > m.base + HEADING_MAX_RISE) break;
    const at = l.tokens.find((t) => Math.abs(t.x1 - m.x1) <= COLUMN_ALIGN);
    // Text running across the column's start: the column ends there (no heading).
    if (!at && l.tokens.some((t) => t.x1 < m.x1 && t.x2 > m.x1)) return null;
    // Another item of the column (a tick space or box) is passed over; the first text there is the heading.
    if (at?.type === 'text') return at;
  }
  return null;
}
