/**
 * A field candidate: a place on the page where something is written or ticked, before binding gives it a
 * meaning. A leaf: every layout stage imports it from here, none from another stage.
 */
import type { Cell } from './geometry';
import type { Box } from './types';

export type Source = 'underscore' | 'dots' | 'line' | 'box' | 'square' | 'circle' | 'glyph' | 'bracket' | 'paren';

export interface Candidate extends Box {
  source: Source;
  choice: boolean;
  /** Text printed inside the box's top-left corner (its label). */
  innerLabel?: string;
  innerLabelRaw?: string;
  /** A format hint printed in or under the field (MM/DD/YYYY). */
  hint?: string;
  /** Header text of the table column this cell sits in. */
  columnHeader?: string;
  /** The cell that holds this candidate (tables). */
  cell?: Cell;
  /** A row of touching boxes, one character each (SSN, EIN, dates): the number of boxes. */
  combCells?: number;
  /** Baseline of the text row the field sits on. */
  base: number;
  size: number;
  confidence: number;
  /** A fillable PDF's widget this candidate is (its index on the page): its box is the field's. */
  widget?: number;
}
