/**
 * SVG logos are sanitized with DOMPurify (in jsdom), the maintained sanitizer browsers' own security teams review,
 * with its SVG profile. A logo that holds script (a <script> element, an on* handler, a javascript: link) is refused
 * rather than quietly cleaned: the admin learns the file is not what they thought. Anything else DOMPurify drops
 * (foreignObject, unknown elements) is dropped. The result is re-serialized as XML, the only form served.
 */
import type { DOMPurify as Purifier } from 'dompurify';

export class SvgLogoRefused extends Error {}

let purifier: Promise<{ purify: Purifier; serialize: (node: Node) => string }> | undefined;

/** jsdom costs a few hundred ms to load: only when an SVG logo arrives, once per process. */
function load() {
  purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
    const { window } = new JSDOM('');
    const serializer = new window.XMLSerializer();
    return {
      purify: createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]),
      serialize: (node: Node) => serializer.serializeToString(node),
    };
  })();
  return purifier;
}

const SCRIPT_ELEMENTS = new Set(['script', 'handler', 'listener']);

function holdsScript(removed: Purifier['removed']): boolean {
  return removed.some((item) => {
    if ('element' in item) return SCRIPT_ELEMENTS.has(item.element.nodeName.toLowerCase());
    const name = item.attribute?.name.toLowerCase() ?? '';
    // Browsers ignore whitespace and control characters inside a URL scheme ("java\tscript:").
    const value = [...(item.attribute?.value ?? '')]
      .filter((c) => c.charCodeAt(0) > 0x20)
      .join('')
      .toLowerCase();
    return name.startsWith('on') || value.startsWith('javascript:') || value.startsWith('data:text/html');
  });
}

/** The sanitized SVG's bytes; SvgLogoRefused when it holds script or is no SVG once cleaned. */
export async function sanitizeSvgLogo(bytes: Buffer): Promise<Buffer> {
  const { purify, serialize } = await load();
  const fragment = purify.sanitize(bytes.toString('utf8'), {
    USE_PROFILES: { svg: true, svgFilters: true },
    RETURN_DOM_FRAGMENT: true,
  });
  if (holdsScript(purify.removed)) {
    throw new SvgLogoRefused(
      'logo: the SVG holds script (a <script> element, an on* event attribute or a javascript: link): remove it',
    );
  }
  const root = fragment.firstElementChild;
  if (!root || root.nodeName.toLowerCase() !== 'svg' || fragment.childElementCount !== 1) {
    throw new SvgLogoRefused('logo: the SVG has no single <svg> root element once sanitized');
  }
  if (!root.getAttribute('xmlns')) root.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  return Buffer.from(serialize(root), 'utf8');
}
