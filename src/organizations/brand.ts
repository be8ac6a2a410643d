/**
 * An organization's brand on the patient's page: colour contrast and logo files. Plain TypeScript: the SVG sanitizer
 * is in svg-logo.ts (it loads jsdom, only when an SVG arrives).
 */
import { createHash } from 'node:crypto';

/** WCAG 2 AA for normal text: the brand colour carries white text (buttons) and sits on white (links, bars). */
export const MIN_CONTRAST = 4.5;
export const MAX_LOGO_BYTES = 200 * 1024;
export const LOGO_TYPES = { png: 'image/png', svg: 'image/svg+xml' } as const;
export type LogoType = (typeof LOGO_TYPES)[keyof typeof LOGO_TYPES];

/** Contrast ratio of an `#RRGGBB` colour against white, per WCAG 2's relative luminance. */
export function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (luminance + 0.05);
}

/** Why `value` cannot be a brand colour, or null when it can. */
export function brandColorProblem(value: string): string | null {
  if (!/^#[0-9A-Fa-f]{6}$/.test(value)) return 'brand_color must be a colour like #1A5FB4 (# and 6 hex digits)';
  const ratio = contrastWithWhite(value);
  if (ratio < MIN_CONTRAST) {
    return (
      `brand_color ${value} has a contrast of ${(Math.floor(ratio * 100) / 100).toFixed(2)}:1 against white; ` +
      `at least ${MIN_CONTRAST}:1 is needed for the page to stay readable: choose a darker shade`
    );
  }
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The logo's type from its bytes (never from a name or a claim), or null when it is neither PNG nor SVG. */
export function sniffLogo(bytes: Buffer): LogoType | null {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return LOGO_TYPES.png;
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head))
    return LOGO_TYPES.svg;
  return null;
}

/** The file name a logo is served under: its content hash, so a new logo is a new URL (cached for a year). */
export function logoFileName(sha256: string, type: LogoType): string {
  return `${sha256}.${type === LOGO_TYPES.png ? 'png' : 'svg'}`;
}

export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** `#RRGGBB` darkened by `share` (0..1), for the pressed and hover states of the brand colour. */
function darker(hex: string, share: number): string {
  const parts = [0, 1, 2].map((i) => Math.round(parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) * (1 - share)));
  return `#${parts.map((v) => v.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/**
 * The fill page's colours in the clinic's brand: the page's own stylesheet reads --primary for buttons, links, the
 * progress bar and focus outlines. Only colours checked for contrast (brandColorProblem) reach this; the URL holds
 * the colour, so the file never changes.
 */
export function brandStylesheet(hex: string): string {
  return `:root{--primary:${hex};--primary-dark:${darker(hex, 0.25)};--brand:${hex}}\n`;
}

/** Path of the stylesheet that sets the page's colours to `hex` (served by the logos controller). */
export function brandStylesheetPath(hex: string): string {
  return `/logos/brand-${hex.slice(1).toUpperCase()}.css`;
}
