/**
 * Tables of empty cells headed by answers (relatives, Past / Present, Yes / No, a frequency): each row is a choice
 * question prompted by its row header (all its lines), its cells options named by their column headers. Other
 * tables of empty cells stay text.
 */
import { choiceMode } from '../kinds';
import { groupBy } from '../reading-order';
import { textMiddle } from './box-text';
import type { Candidate } from './candidate';
import { TABLE_ALIGN as ALIGN } from './text-tables';
import type { Token } from './text';

export interface CellGridRow {
  prompt: string;
  many: boolean;
  cells: Candidate[];
}

export function cellGridRows(cands: Candidate[], tokens: Token[]): CellGridRow[] {
  const rows = groupBy(cands, (c) =>
    c.cell && c.columnHeader ? `${Math.round(c.cell.y1 / ALIGN)}:${Math.round(c.cell.y2 / ALIGN)}` : null,
  );
  return [...rows.values()].flatMap((row) => {
    row.sort((a, b) => a.x1 - b.x1);
    // Tables side by side share rows: each run of touching cells is a table of its own.
    const runs: Candidate[][] = [];
    for (const c of row)
      if (runs.length && c.cell!.x1 - runs.at(-1)!.at(-1)!.cell!.x2 < ALIGN) runs.at(-1)!.push(c);
      else runs.push([c]);
    return runs.flatMap((cells, i) => gridRow(cells, tokens, runs[i - 1]?.at(-1)?.x2 ?? -Infinity) ?? []);
  });
}

/** The row header is the text between the previous table and the first cell, within the row's height. */
function gridRow(cells: Candidate[], tokens: Token[], from: number): CellGridRow | null {
  if (cells.length < 2) return null;
  const row = cells[0].cell!;
  const head = tokens
    .filter((t) => t.x1 >= from && t.x2 <= row.x1 + ALIGN && textMiddle(t) > row.y1 && textMiddle(t) < row.y2)
    .sort((a, b) => b.base - a.base || a.x1 - b.x1);
  if (!head.length) return null;
  const prompt = head.map((t) => t.text.trim()).join(' ');
  const heads = cells.map((c) => c.columnHeader!);
  const mode = choiceMode(prompt, '', heads, 'cell');
  return mode === 'unknown' ? null : { prompt, many: mode === 'many', cells };
}
