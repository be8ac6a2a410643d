import {
  type Color,
  ColorTypes,
  componentsToColor,
  findLastMatch,
  layoutCombedText,
  layoutMultilineText,
  layoutSinglelineText,
  type PDFDict,
  type PDFFont,
  PDFName,
  PDFDropdown,
  PDFTextField,
  TextAlignment,
  type PDFWidgetAnnotation,
  reduceRotation,
} from 'pdf-lib';
import { ContentBuilder, type Operand } from './content';

/**
 * A filled text field's appearance, the one pdf-lib's default provider (`updateAppearances`) draws, from the same
 * layout functions (font size, line breaks, positions), written as text in one step. pdf-lib builds an object per
 * operator and per number, parses the default appearance (DA) with regular expressions twice per widget, and
 * compresses each stream through its own machinery: with the shaping, that was most of an AcroForm render
 * (`node --cpu-prof`, bench:render). The drawing is the same (background, border, clip, text), so the flattened
 * page looks the same to the pixel; the only difference is that the field's value and DA are not updated, which
 * nothing reads once the form is flattened.
 */

// pdf-lib's own expressions (src/api/form/appearances.ts), so a DA reads the same.
const TF = /\/([^\0\t\n\f\r ]+)[\0\t\n\f\r ]+(\d*\.\d+|\d+)[\0\t\n\f\r ]+Tf/;
const TX = PDFName.of('Tx');
const COLOR =
  /(\d*\.\d+|\d+)[\0\t\n\f\r ]*(\d*\.\d+|\d+)?[\0\t\n\f\r ]*(\d*\.\d+|\d+)?[\0\t\n\f\r ]*(\d*\.\d+|\d+)?[\0\t\n\f\r ]+(g|rg|k)/;

interface DefaultAppearance {
  fontSize?: number;
  color?: Color;
}

/** DA strings repeat across a form's fields: each is read once per render. */
export type DaCache = Map<string, DefaultAppearance>;

function readDa(da: string | undefined, cache: DaCache): DefaultAppearance {
  const text = da ?? '';
  let read = cache.get(text);
  if (read) return read;
  const size = Number((findLastMatch(text, TF).match ?? [])[2]);
  const [, c1, c2, c3, c4, space] = findLastMatch(text, COLOR).match ?? [];
  let color: Color | undefined;
  if (space === 'g' && c1) color = componentsToColor([Number(c1)]);
  else if (space === 'rg' && c1 && c2 && c3) color = componentsToColor([Number(c1), Number(c2), Number(c3)]);
  else if (space === 'k' && c1 && c2 && c3 && c4) {
    color = componentsToColor([Number(c1), Number(c2), Number(c3), Number(c4)]);
  }
  read = { fontSize: Number.isFinite(size) ? size : undefined, color };
  cache.set(text, read);
  return read;
}

function colorOperands(color: Color): number[] {
  if (color.type === ColorTypes.Grayscale) return [color.gray];
  if (color.type === ColorTypes.RGB) return [color.red, color.green, color.blue];
  return [color.cyan, color.magenta, color.yellow, color.key];
}

function setColor(ops: ContentBuilder, color: Color, stroking: boolean): void {
  const name = { [ColorTypes.Grayscale]: 'g', [ColorTypes.RGB]: 'rg', [ColorTypes.CMYK]: 'k' }[color.type];
  ops.op(stroking ? name.toUpperCase() : name, ...colorOperands(color));
}

interface Line {
  encoded: Operand;
  x: number;
  y: number;
}

/** What the layout reads of a field: a dropdown shows its choice as a one-line, left-aligned text field does. */
type TextLike = PDFTextField | PDFDropdown;

/** The lines and font size pdf-lib's default text-field (or dropdown) provider lays out. */
function layout(field: TextLike, text: string, font: PDFFont, fontSize: number | undefined, box: Box) {
  const dropdown = field instanceof PDFDropdown;
  const combed = !dropdown && field.isCombed();
  const padding = combed ? 0 : 1;
  const inset = box.borderWidth + padding;
  const bounds = { x: inset, y: inset, width: box.width - inset * 2, height: box.height - inset * 2 };
  const alignment = dropdown ? TextAlignment.Left : field.getAlignment();
  if (!dropdown && field.isMultiline()) {
    const laid = layoutMultilineText(text, { alignment, fontSize, font, bounds });
    return { padding, lines: laid.lines as Line[], fontSize: laid.fontSize };
  }
  if (combed) {
    const laid = layoutCombedText(text, { fontSize, font, bounds, cellCount: field.getMaxLength() ?? 0 });
    return { padding, lines: laid.cells as Line[], fontSize: laid.fontSize };
  }
  const laid = layoutSinglelineText(text, { alignment, fontSize, font, bounds });
  return { padding, lines: [laid.line as Line], fontSize: laid.fontSize };
}

/**
 * The font as pdf-lib's layout functions see it, each string measured once: with an automatic size (DA `0 Tf`)
 * pdf-lib tries every size from 4 pt up and measures every word at each (a tenth of an AcroForm render). The
 * arithmetic is pdf-lib's own (its embedders sum the widths at 1000 and scale by size / 1000), so the numbers are
 * the same. Encoding goes to the font itself, which records that it was used.
 */
function measuredOnce(font: PDFFont): PDFFont {
  const totals = new Map<string, number>();
  const measuring = Object.create(font) as PDFFont;
  measuring.widthOfTextAtSize = (text: string, size: number): number => {
    let total = totals.get(text);
    if (total === undefined) {
      total = font.widthOfTextAtSize(text, 1000);
      totals.set(text, total);
    }
    return total * (size / 1000);
  };
  measuring.encodeText = (text: string) => font.encodeText(text);
  return measuring;
}

interface Box {
  width: number;
  height: number;
  borderWidth: number;
}

/** A widget's appearance drawn straight into its page when the form is flattened (acroform.ts). */
export interface InlineAppearance {
  /** The appearance's box in its own space, as a form XObject's BBox (the matrix is the identity). */
  bbox: [number, number, number, number];
  font: PDFFont;
  /** The operators, naming the font by the page's resource key. */
  write(fontKey: PDFName): ContentBuilder;
}
export type InlineAppearances = Map<PDFDict, InlineAppearance>;

/**
 * Lays `text` out in each widget of `field` as pdf-lib's default provider would and keeps the drawing for the
 * flattening, which writes it into the page (no form XObject per widget: each was a stream to compress, a tenth
 * to a quarter of an AcroForm render, and ~150 bytes). False (nothing done) when a widget is rotated (/MK /R),
 * which the caller leaves to pdf-lib. Throws what pdf-lib would throw, before anything is kept.
 */
export function drawTextFieldAppearances(
  field: TextLike,
  text: string,
  font: PDFFont,
  daCache: DaCache,
  inline: InlineAppearances,
): boolean {
  const widgets = field.acroField.getWidgets();
  if (widgets.some((w) => reduceRotation(w.getAppearanceCharacteristics()?.getRotation()) !== 0)) return false;
  const maxLength = field instanceof PDFTextField ? field.getMaxLength() : undefined;
  if (maxLength !== undefined && text.length > maxLength) throw new Error('text longer than the field allows');
  const fieldDa = readDa(field.acroField.getDefaultAppearance(), daCache);
  const measuring = measuredOnce(font);
  const drawn = widgets.map((widget): [PDFDict, InlineAppearance] => {
    const write = appearanceOf(widget, field, text, measuring, fieldDa, daCache);
    const { width, height } = widget.getRectangle();
    return [widget.dict, { bbox: [0, 0, width, height], font, write }];
  });
  for (const [dict, appearance] of drawn) inline.set(dict, appearance);
  return true;
}

/**
 * drawTextField of pdf-lib (src/api/operations.ts) with the identity transforms left out: laid out now (what can
 * throw does), written when the page's name for the font is known.
 */
function appearanceOf(
  widget: PDFWidgetAnnotation,
  field: TextLike,
  text: string,
  font: PDFFont,
  fieldDa: DefaultAppearance,
  daCache: DaCache,
): (fontKey: PDFName) => ContentBuilder {
  const widgetDa = readDa(widget.getDefaultAppearance(), daCache);
  const mk = widget.getAppearanceCharacteristics();
  const borderWidth = widget.getBorderStyle()?.getWidth() ?? 0;
  const { width, height } = widget.getRectangle(); // not rotated (see drawTextFieldAppearances)
  const borderColor = componentsToColor(mk?.getBorderColor());
  const background = componentsToColor(mk?.getBackgroundColor());
  const laid = layout(field, text, font, widgetDa.fontSize ?? fieldDa.fontSize, { width, height, borderWidth });
  const textColor = widgetDa.color ?? fieldDa.color ?? componentsToColor([0, 0, 0])!;

  return (fontKey) =>
    writeAppearance(laid, { width, height, borderWidth }, { background, borderColor, textColor }, fontKey);
}

function writeAppearance(
  laid: ReturnType<typeof layout>,
  { width, height, borderWidth }: Box,
  { background, borderColor, textColor }: { background?: Color; borderColor?: Color; textColor: Color },
  fontKey: PDFName,
): ContentBuilder {
  const x = borderWidth / 2;
  const y = borderWidth / 2;
  const w = width - borderWidth;
  const h = height - borderWidth;
  const ops = new ContentBuilder().op('q').op('q');
  if (background) setColor(ops, background, false);
  if (borderColor) setColor(ops, borderColor, true);
  ops.op('w', borderWidth).raw('[] 0 d');
  ops.op('cm', 1, 0, 0, 1, x, y).op('m', 0, 0).op('l', 0, h).op('l', w, h).op('l', w, 0).op('h');
  ops.op(background && borderWidth ? 'B' : background ? 'f' : borderColor ? 'S' : 'h').op('Q');

  const inset = borderWidth / 2 + laid.padding;
  const cx = x + inset;
  const cy = y + inset;
  const cw = w - inset * 2;
  const ch = h - inset * 2;
  ops
    .op('m', cx, cy)
    .op('l', cx, cy + ch)
    .op('l', cx + cw, cy + ch)
    .op('l', cx + cw, cy)
    .op('h')
    .op('W')
    .op('n');
  ops.op('BMC', TX).op('q').op('BT');
  setColor(ops, textColor, false);
  ops.op('Tf', fontKey, laid.fontSize);
  for (const line of laid.lines) ops.op('Tm', 1, 0, 0, 1, line.x, line.y).op('Tj', line.encoded);
  return ops.op('ET').op('Q').op('EMC').op('Q');
}
