// Signature pads (the vendor script signature_pad, loaded before this one) and the typed-name fallback.
import type SignaturePad from 'signature_pad';
import { all, readBlock } from './dom';

declare global {
  interface Window {
    SignaturePad?: typeof SignaturePad;
  }
}

export interface PadEntry {
  canvas: HTMLCanvasElement;
  pad: SignaturePad | null;
  typed: HTMLInputElement | null;
  fieldId: string;
}

/** The typed name drawn as a signature, as a PNG data URL. */
function typedSignature(name: string): string {
  const canvas = document.createElement('canvas');
  const width = 600;
  const height = 160;
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return '';
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#111827';
  ctx.textBaseline = 'middle';
  let size = 64;
  const family = '"Segoe Script", "Brush Script MT", "Snell Roundhand", cursive, serif';
  ctx.font = `italic ${size}px ${family}`;
  while (size > 16 && ctx.measureText(name).width > width - 40) {
    size -= 4;
    ctx.font = `italic ${size}px ${family}`;
  }
  ctx.fillText(name, 20, height / 2, width - 40);
  return canvas.toDataURL('image/png');
}

/** What a pad sends: the drawing, else the typed name drawn, else nothing. */
export function signatureValue(entry: PadEntry): string | null {
  if (entry.pad && !entry.pad.isEmpty()) return entry.pad.toDataURL('image/png');
  const name = entry.typed ? entry.typed.value.trim() : '';
  return name ? typedSignature(name) : null;
}

export class Signatures {
  readonly pads: PadEntry[] = [];
  private readonly saved = readBlock<Record<string, string>>('draft-signatures');

  /** `changed` runs after a stroke or a clear; `restored` after a draft's drawing is back on its pad. */
  constructor(
    private readonly form: HTMLFormElement,
    private readonly changed: () => void,
    private readonly restored: () => void,
  ) {
    for (const canvas of all<HTMLCanvasElement>(form, 'canvas[data-field-id]')) this.setup(canvas);
  }

  /** The pad of the question wrapper `wrapper`, if it holds one. */
  of(wrapper: Element): PadEntry | undefined {
    return this.pads.find((p) => wrapper.contains(p.canvas));
  }

  /** Drawn signatures only (a typed name is re-typed on resume): what a draft keeps. */
  drawn(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const entry of this.pads)
      if (entry.pad && !entry.pad.isEmpty()) out[entry.fieldId] = entry.pad.toDataURL('image/png');
    return out;
  }

  /** Empties the pad and the typed name (a signature field that became hidden). */
  clear(entry: PadEntry): void {
    entry.pad?.clear();
    entry.canvas.classList.remove('signature-canvas--signed');
    if (entry.typed) entry.typed.value = '';
  }

  private setup(canvas: HTMLCanvasElement): void {
    const fieldId = canvas.getAttribute('data-field-id') ?? '';
    const typed =
      all<HTMLInputElement>(this.form, '[data-signature-for]').find(
        (input) => input.getAttribute('data-signature-for') === fieldId,
      ) ?? null;
    const entry: PadEntry = { canvas, pad: null, typed, fieldId };
    this.pads.push(entry);
    const wrapper = canvas.closest('[data-field-wrapper]');
    const Pad = window.SignaturePad;
    if (typeof Pad !== 'function') {
      // Vendor script missing: the typed name is the only way to sign.
      const padBox = canvas.closest<HTMLElement>('.signature-pad');
      if (padBox) padBox.hidden = true;
      wrapper?.classList.add('signature--typed-only');
      return;
    }
    const pad = new Pad(canvas, {
      penColor: '#111827',
      backgroundColor: 'rgb(255, 255, 255)',
      minWidth: 0.8,
      maxWidth: 2.6,
    });
    entry.pad = pad;
    watchSize(canvas, pad);
    pad.addEventListener('endStroke', () => {
      canvas.classList.add('signature-canvas--signed');
      this.changed();
    });
    const saved = this.saved[fieldId];
    if (saved) {
      void pad.fromDataURL(saved).then(() => {
        canvas.classList.add('signature-canvas--signed');
        this.restored();
      });
    }
    const clear = this.form.querySelector(`[data-clear-for="${canvas.id}"]`);
    clear?.addEventListener('click', () => {
      pad.clear();
      canvas.classList.remove('signature-canvas--signed');
      this.changed();
    });
  }
}

/** Keeps the pad's bitmap at the canvas's CSS size times the pixel ratio, redrawing the strokes. */
function watchSize(canvas: HTMLCanvasElement, pad: SignaturePad): void {
  let lastWidth = 0;
  const resize = (): void => {
    const { width, height } = canvas.getBoundingClientRect(); // the canvas has no border or padding (see CSS)
    // Mobile browsers fire resize when the keyboard opens; only a width change needs a new bitmap.
    if (!width || !height || width === lastWidth) return;
    lastWidth = width;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    const data = pad.toData();
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    canvas.getContext('2d')?.scale(ratio, ratio);
    pad.clear(); // repaints the white background at the new size
    if (data.length) pad.fromData(data);
  };
  resize();
  if (typeof window.ResizeObserver === 'function') new ResizeObserver(resize).observe(canvas);
  else window.addEventListener('resize', resize);
}
