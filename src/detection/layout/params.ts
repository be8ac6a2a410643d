/**
 * Named parameters of the flat (layout) detector. One mutable object: code reads `LAYOUT_PARAMS.x` at call
 * time (never a copy taken at import), so a fitting script may change entries in-process between runs.
 * Units: `pt` = PDF points (1/72 in) in the upright page space; `em` = multiples of the font size of the text
 * concerned; plain numbers are ratios or score weights.
 */
export const LAYOUT_PARAMS = {
  // ---- Text lines and tokens ----
  /** em: two glyphs closer than this (gap) stay in one phrase token. */
  phraseGapEm: 1.1,
  /** em: a gap wider than this between glyphs of a phrase is printed as a space. */
  spaceGapEm: 0.12,
  /** em: underscores closer than this join one blank run. */
  underscoreJoinEm: 1.2,
  /** em: a gap wider than this splits two short underscore runs (each under `blankBeforeMaxEm`). */
  underscoreSplitEm: 0.6,
  /** em: a blank at most this wide, right before an item's text, is that item's tick space (`____ Insomnia`). */
  blankBeforeMaxEm: 6,
  /** em: ... and at least this wide (shorter underscores are punctuation). */
  blankBeforeMinEm: 1.2,
  /** em: ... with the item's text starting at most this far after it. */
  blankBeforeGapEm: 1.2,
  /** em: an underscore / dot run must be at least this wide to be a blank field. */
  blankMinWidthEm: 2.2,

  // ---- Choice markers ----
  /** em: side of a box glyph's ink (☐ □ ○) relative to its font size. */
  glyphInkEm: 0.79,
  /** pt: markers whose centres differ by less than this in y are on one row. */
  choiceRowTolerance: 3,

  // ---- Binding option words to markers (one score for the whole row; lower is better) ----
  /** em: a word further than this from its marker (edge to edge) cannot be its option text. */
  bindMaxGapEm: 2.6,
  /** pt: ... and never further than this, whatever the font size. */
  bindMaxGapFloor: 12,
  /** Cost per em of gap between a marker and its word. */
  bindGapWeight: 1,
  /** Cost added when the word is on the LEFT of its marker (most forms print the option after the box). */
  bindLeftPenalty: 0.35,
  /** Cost per em of spread between the gaps of one row (the tight side is also the consistent one). */
  bindSpreadWeight: 0.5,
  /** Cost of leaving a marker without a word (per marker), against forcing a far word. */
  bindMissingCost: 2.2,

  /** pt: a grid's column header sits at most this far above a marker of the row (nearest header line). */
  gridHeaderMaxRise: 200,

  /** words: a column header of a table of markers has at most this many words. */
  columnHeaderMaxWords: 5,
  /** Cost difference under which a row's side follows the page's majority side. */
  bindSidePriorMargin: 0.5,

  // ---- Words to circle (no marker) ----
  /** pt: the rect of a circled word is its ink box grown by this much per side (as the truth does). */
  circleWordPad: 2,
  /** pt: words with a marker at most this far under them are that marker's column header, not words to circle. */
  circleHeaderReach: 45,
  /** em: gap between option words of one printed option row ("Yes  No") at most this. */
  circleWordMaxGapEm: 6,
  /** em: gap between a question and its first option word at least this (a visible column break). */
  circleWordMinLeadEm: 1.5,

  /** 0..1: confidence of a circled-word option (no printed marker confirms it is a field). */
  circleWordConfidence: 0.7,

  // ---- Labels of text fields ----
  /** pt: a label on the left may sit this far below the field's bottom edge (baseline). */
  leftLabelBelow: 5,
  /** pt: ... and this far above it (lines / underscores); boxes use min(height, 14). */
  leftLabelAbove: 9,
  /** pt: a label on the left at most this far from the field. */
  leftLabelMaxGap: 220,
  /** pt: a label above starts at most this far above the field's top. */
  aboveLabelMaxGap: 16,
  /** pt: a caption under a rule has its top at most this far under the rule. */
  belowCaptionMaxGap: 14,
  /** pt: a caption printed under a blank has its top at most this far under the blank's bottom. */
  captionMaxDrop: 7,
  /** pt: ... and ends at most this far right of the blank's end. */
  captionMaxOverhang: 20,
  /** words: a caption is short ("Signature of Patient or Guardian"); longer text under a rule is prose. */
  captionMaxWords: 6,
  /** pt: a blank (or each part of a blank split by captions) is at least this wide to take captions. */
  captionPartMinWidth: 14,
  /** pt: captioned blanks of one row closer than this share the label left of the first one. */
  captionChainGap: 40,
  /** pt: rows of a ruled table at most this far apart repeat the caption over the first row. */
  tableRowMaxPitch: 30,
  /** pt: a rule across at least this share of the page with no label on its left is a separator. */
  separatorPageShare: 0.75,

  /** share of the cell width: a caption whose centre is this close to the cell's centre is centred. */
  centredCaptionTolerance: 0.06,

  // ---- Confidence ----
  /** Factor applied to a field's confidence when no label was bound. */
  unlabelledConfidence: 0.6,
};

export type LayoutParamKey = keyof typeof LAYOUT_PARAMS;

/** pt: the text size assumed for a field drawn as a box or rule, which has no text of its own to measure. */
export const DRAWN_FIELD_TEXT_SIZE = 9;
