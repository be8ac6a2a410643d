import type * as fontkit from '@pdf-lib/fontkit';

/**
 * A TrueType subset with the bytes fontkit's own subset writes (`TTFSubset`), made from what is read once per
 * process. fontkit decodes every outline of the subset on each render and writes every table value by value
 * through its struct encoder (the hinting programs too, byte by byte): the largest cost of a flat form's render
 * and a tenth of an AcroForm render (`node --cpu-prof`, bench:render). Here a glyph's bytes, metrics and
 * composite components are read once per font, and the tables that do not depend on the glyphs (cvt, prep, fpgm;
 * head, hhea and maxp but for one number each) are taken from fontkit's own subset of glyph 0; a render only
 * concatenates. font-subset.spec.ts compares the bytes with fontkit's for several glyph sets.
 */

interface GlyphData {
  bytes: Uint8Array;
  /** Composite glyphs: where each component's glyph id sits in `bytes`. */
  components: { pos: number; glyphId: number }[];
  advance: number;
  bearing: number;
}

/** fontkit's subset of glyph 0: its 12-byte header, its tables in their order. */
interface Template {
  header: Uint8Array;
  tags: string[];
  tables: Map<string, Uint8Array>;
}

/** The font internals read here (fontkit's TTFFont; not in its type declarations). */
interface FontInternals {
  loca?: { offsets: number[] };
  directory: { tables: Record<string, { offset: number; length: number } | undefined> };
  _variationProcessor?: unknown;
  getGlyph(id: number): {
    advanceWidth: number;
    _getMetrics(): { leftBearing: number };
    _decode(): { components?: { glyphID: number; pos: number }[] } | null;
  };
}

type Listener = (arg?: unknown) => void;
interface EncodeStream {
  on(event: string, listener: Listener): EncodeStream;
}

/** The part of fontkit's subset pdf-lib uses: includeGlyph, the `cff` flag, and a stream of the encoded font. */
export interface SubsetLike {
  cff?: unknown;
  glyphs: number[];
  includeGlyph(glyph: number | { id: number }): number;
  encodeStream(): EncodeStream;
}

/** The whole output of a subset's encodeStream(). */
export function encodeSubset(subset: SubsetLike): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const parts: Uint8Array[] = [];
    subset
      .encodeStream()
      .on('data', (b) => parts.push(b as Uint8Array))
      .on('end', () => resolve(concat(parts)))
      .on('error', (e) => reject(e as Error));
  });
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function parseTemplate(file: Uint8Array): Template {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const tags: string[] = [];
  const tables = new Map<string, Uint8Array>();
  for (let i = 0; i < view.getUint16(4); i++) {
    const at = 12 + i * 16;
    const tag = String.fromCharCode(file[at], file[at + 1], file[at + 2], file[at + 3]);
    const offset = view.getUint32(at + 8);
    tags.push(tag);
    tables.set(tag, file.slice(offset, offset + view.getUint32(at + 12)));
  }
  return { header: file.slice(0, 12), tags, tables };
}

/** What a font's subsets share: the glyphs read so far and fontkit's template. */
export class SubsetSource {
  private readonly glyphs = new Map<number, GlyphData>();
  private readonly glyf: Uint8Array;
  private readonly offsets: number[];
  private template: Promise<Template> | null = null;

  /** `original` makes fontkit's own subset of the font (for the template). */
  constructor(
    private readonly font: fontkit.Font,
    fileBytes: Uint8Array,
    private readonly original: () => SubsetLike,
  ) {
    const internals = font as unknown as FontInternals;
    const entry = internals.directory.tables.glyf;
    if (!entry || !internals.loca || internals._variationProcessor) throw new Error('not a plain TrueType font');
    this.glyf = fileBytes.subarray(entry.offset, entry.offset + entry.length);
    this.offsets = internals.loca.offsets;
  }

  /** True when this module can subset the font (TrueType outlines, no variations); else use fontkit's subset. */
  static supports(font: fontkit.Font): boolean {
    const internals = font as unknown as FontInternals;
    return !!internals.directory.tables.glyf && !!internals.loca && !internals._variationProcessor;
  }

  glyph(id: number): GlyphData {
    let data = this.glyphs.get(id);
    if (data) return data;
    const bytes = this.glyf.subarray(this.offsets[id], this.offsets[id + 1]);
    const glyph = (this.font as unknown as FontInternals).getGlyph(id);
    // A negative contour count marks a composite glyph: its components' ids are rewritten in each subset.
    const composite = bytes.length >= 2 && (bytes[0] & 0x80) !== 0;
    const components = composite
      ? (glyph._decode()?.components ?? []).map((c) => ({ pos: c.pos, glyphId: c.glyphID }))
      : [];
    data = { bytes, components, advance: glyph.advanceWidth, bearing: glyph._getMetrics().leftBearing };
    this.glyphs.set(id, data);
    return data;
  }

  templateTables(): Promise<Template> {
    this.template ??= encodeSubset(this.original()).then(parseTemplate);
    return this.template;
  }
}

/** A subset of one font for one document: the glyph ids in order of first use, as fontkit numbers them. */
export class FastTtfSubset implements SubsetLike {
  readonly glyphs: number[] = [];
  private readonly mapping = new Map<number, number>();

  constructor(private readonly source: SubsetSource) {
    this.includeGlyph(0); // the missing glyph, always first
  }

  includeGlyph(glyph: number | { id: number }): number {
    const id = typeof glyph === 'number' ? glyph : glyph.id;
    let index = this.mapping.get(id);
    if (index === undefined) {
      index = this.glyphs.length;
      this.glyphs.push(id);
      this.mapping.set(id, index);
    }
    return index;
  }

  encodeStream(): EncodeStream {
    const listeners = new Map<string, Listener[]>();
    const emit = (event: string, arg?: unknown): void => listeners.get(event)?.forEach((l) => l(arg));
    this.encode().then(
      (bytes) => {
        emit('data', bytes);
        emit('end');
      },
      (err: unknown) => emit('error', err),
    );
    const stream: EncodeStream = {
      on(event, listener) {
        listeners.set(event, [...(listeners.get(event) ?? []), listener]);
        return stream;
      },
    };
    return stream;
  }

  /** fontkit's TTFSubset.encode: glyf, loca and hmtx from the glyphs (components appended as found). */
  async encode(): Promise<Uint8Array> {
    const template = await this.source.templateTables();
    const parts: Uint8Array[] = [];
    const offsets: number[] = [];
    let offset = 0;
    const hmtx: number[] = [];
    for (let i = 0; i < this.glyphs.length; i++) {
      const glyph = this.source.glyph(this.glyphs[i]);
      let bytes = glyph.bytes;
      if (glyph.components.length > 0) {
        bytes = bytes.slice();
        for (const c of glyph.components) {
          const id = this.includeGlyph(c.glyphId);
          bytes[c.pos] = id >> 8;
          bytes[c.pos + 1] = id & 0xff;
        }
      }
      parts.push(bytes);
      offsets.push(offset);
      hmtx.push(glyph.advance, glyph.bearing);
      offset += bytes.length;
    }
    offsets.push(offset);
    const count = this.glyphs.length;
    const longLoca = offset > 0xffff;
    const loca = new DataView(new ArrayBuffer(offsets.length * (longLoca ? 4 : 2)));
    offsets.forEach((o, i) => (longLoca ? loca.setUint32(i * 4, o) : loca.setUint16(i * 2, o >>> 1)));
    const metrics = new DataView(new ArrayBuffer(count * 4));
    for (let i = 0; i < count; i++) {
      metrics.setUint16(i * 4, hmtx[i * 2]);
      metrics.setInt16(i * 4 + 2, hmtx[i * 2 + 1]);
    }
    const tables = new Map(template.tables);
    tables.set('head', patched(template.tables.get('head'), 50, longLoca ? 1 : 0));
    tables.set('hhea', patched(template.tables.get('hhea'), 34, count));
    tables.set('maxp', patched(template.tables.get('maxp'), 4, count));
    tables.set('loca', new Uint8Array(loca.buffer));
    tables.set('glyf', concat(parts));
    tables.set('hmtx', new Uint8Array(metrics.buffer));
    return assemble(template, tables);
  }
}

/** A copy of a table with one 16-bit number replaced. */
function patched(table: Uint8Array | undefined, at: number, value: number): Uint8Array {
  if (!table) throw new Error('template table missing');
  const out = table.slice();
  out[at] = (value >> 8) & 0xff;
  out[at + 1] = value & 0xff;
  return out;
}

/** The font file: fontkit's header, a directory (checksums left 0 as fontkit does), the tables in order. */
function assemble(template: Template, tables: Map<string, Uint8Array>): Uint8Array {
  const dirSize = 12 + template.tags.length * 16;
  const size = template.tags.reduce((n, tag) => n + (tables.get(tag)?.length ?? 0), dirSize);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set(template.header, 0);
  let offset = dirSize;
  template.tags.forEach((tag, i) => {
    const table = tables.get(tag) ?? new Uint8Array();
    const at = 12 + i * 16;
    for (let k = 0; k < 4; k++) out[at + k] = tag.charCodeAt(k);
    view.setUint32(at + 8, offset);
    view.setUint32(at + 12, table.length);
    out.set(table, offset);
    offset += table.length;
  });
  return out;
}
