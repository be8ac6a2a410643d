import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';

type Deflate = (data: Uint8Array, options?: unknown) => Uint8Array;

let installed = false;

/**
 * Makes pdf-lib compress with Node's native zlib instead of pako, its pure-JS deflate. pdf-lib compresses every
 * content stream it writes (each text field's appearance, the object streams, the cross-reference stream), and
 * pako allocates and zeroes its tables for each one: on AcroForm forms that was a third of a render's CPU
 * (`node --cpu-prof`, bench:render). The output is the same zlib format at the same level (6), so what a PDF shows
 * is unchanged; only its compressed bytes differ. pdf-lib reads `pako.deflate` at call time from the pako module
 * it requires, so that module's export is replaced, for calls without options (pdf-lib passes none; other users of
 * pako that pass options keep pako). Idempotent.
 */
export function useNativeDeflate(): void {
  if (installed) return;
  installed = true;
  const pako = createRequire(require.resolve('pdf-lib'))('pako') as { deflate: Deflate };
  const original = pako.deflate;
  pako.deflate = (data, options) => (options === undefined ? deflateSync(data) : original(data, options));
}
