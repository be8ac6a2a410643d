/**
 * Cheap structural checks run inside the sandbox child before any heavy parser:
 * header, encryption, and a page count from walking the page tree (never trusting /Count).
 * Runs in the child only: it loads pdf-lib, which can still be slow on hostile input, but the
 * child has a deadline and memory limits.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFObject, PDFRef, PDFStream, ParseSpeeds } from 'pdf-lib';
import { MAX_PDF_PAGES, SandboxError, shortDetail } from './sandbox-error';

export interface PdfInspection {
  /** Leaves of the page tree, counted by walking it. */
  pageCount: number;
  /** Always false: encrypted files are refused with PDF_ENCRYPTED. */
  encrypted: false;
  /** The catalog has an /AcroForm with at least one field (or an XFA form). */
  hasAcroForm: boolean;
  /** The /AcroForm carries an /XFA entry (XFA forms are not rendered by most viewers). */
  hasXfa: boolean;
  /** Document-level, page, annotation or form actions of type JavaScript exist anywhere in the file. */
  hasJavaScript: boolean;
}

export interface PreflightOptions {
  maxPages?: number;
}

/** Intermediate /Pages nodes allowed on one path from the root. Real files use a handful. */
const MAX_TREE_DEPTH = 64;
/** Intermediate /Pages nodes in total; a tree of 100 pages never needs more than this. */
const MAX_TREE_NODES = 2_000;
const HEADER_WINDOW = 1024;

const NAME = {
  Type: PDFName.of('Type'),
  Pages: PDFName.of('Pages'),
  Page: PDFName.of('Page'),
  Kids: PDFName.of('Kids'),
  Count: PDFName.of('Count'),
  AcroForm: PDFName.of('AcroForm'),
  Fields: PDFName.of('Fields'),
  XFA: PDFName.of('XFA'),
  Names: PDFName.of('Names'),
  JavaScript: PDFName.of('JavaScript'),
  JS: PDFName.of('JS'),
  S: PDFName.of('S'),
};

/** `%PDF-` somewhere in the first 1024 bytes (what Acrobat tolerates). */
export function hasPdfHeader(bytes: Uint8Array): boolean {
  const window = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, HEADER_WINDOW));
  return window.includes('%PDF-', 0, 'latin1');
}

function mentionsEncrypt(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('/Encrypt', 0, 'latin1');
}

/**
 * Header, encryption and page-tree checks. Throws SandboxError (PDF_INVALID, PDF_ENCRYPTED,
 * PDF_NO_PAGES, PDF_TOO_MANY_PAGES); otherwise describes the file.
 */
export async function preflightPdf(bytes: Uint8Array, options: PreflightOptions = {}): Promise<PdfInspection> {
  const maxPages = options.maxPages ?? MAX_PDF_PAGES;
  if (bytes.byteLength === 0) throw SandboxError.invalid('the file is empty');
  if (!hasPdfHeader(bytes)) throw SandboxError.invalid('the file does not start like a PDF');

  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      throw SandboxError.invalid('its objects are nested too deeply to read', shortDetail(error));
    }
    if (mentionsEncrypt(bytes)) throw SandboxError.encrypted();
    throw SandboxError.invalid('the file is damaged or truncated and could not be read', shortDetail(error));
  }

  const { context } = doc;
  if (context.trailerInfo.Encrypt !== undefined) throw SandboxError.encrypted();

  const catalog = context.lookup(context.trailerInfo.Root);
  if (!(catalog instanceof PDFDict)) {
    if (mentionsEncrypt(bytes)) throw SandboxError.encrypted();
    throw SandboxError.invalid('the file is damaged or truncated: its document catalog is missing');
  }

  const pageCount = countPages(doc, catalog, maxPages);

  const acroForm = catalog.lookup(NAME.AcroForm);
  let hasAcroForm = false;
  let hasXfa = false;
  if (acroForm instanceof PDFDict) {
    const fields = acroForm.lookup(NAME.Fields);
    hasXfa = acroForm.has(NAME.XFA);
    hasAcroForm = (fields instanceof PDFArray && fields.size() > 0) || hasXfa;
  }

  return { pageCount, encrypted: false, hasAcroForm, hasXfa, hasJavaScript: findJavaScript(doc, catalog) };
}

type TreeKey = string | PDFObject;

/** Walks the page tree iteratively with a visited set, a path set (cycles) and caps. */
function countPages(doc: PDFDocument, catalog: PDFDict, maxPages: number): number {
  const { context } = doc;
  const rootEntry = catalog.get(NAME.Pages);
  if (rootEntry === undefined) throw SandboxError.invalid('the document has no page tree');

  type Item = { node: PDFObject; depth: number } | { leave: TreeKey };
  const stack: Item[] = [{ node: rootEntry, depth: 0 }];
  const visited = new Set<TreeKey>();
  const onPath = new Set<TreeKey>();
  let leaves = 0;
  let intermediates = 0;
  /** Largest /Count over the page limit seen on a node (parsers such as pdf.js trust it and hang). */
  let inflatedCount = 0;

  while (stack.length > 0) {
    const item = stack.pop() as Item;
    if ('leave' in item) {
      onPath.delete(item.leave);
      continue;
    }
    const key: TreeKey = item.node instanceof PDFRef ? item.node.toString() : item.node;
    if (onPath.has(key)) throw SandboxError.invalid('the page tree refers to itself');
    if (visited.has(key)) throw SandboxError.invalid('the page tree lists the same page more than once');
    visited.add(key);

    const dict = item.node instanceof PDFRef ? context.lookup(item.node) : item.node;
    if (dict === undefined) {
      throw SandboxError.invalid('the page tree refers to a page that is missing; the file may be truncated');
    }
    if (!(dict instanceof PDFDict)) throw SandboxError.invalid('the page tree contains an entry that is not a page');

    const type = dict.get(NAME.Type);
    const kids = dict.lookup(NAME.Kids);
    const isNode = type === NAME.Pages || (type === undefined && kids !== undefined);
    if (isNode) {
      if (!(kids instanceof PDFArray)) throw SandboxError.invalid('a node of the page tree has no list of pages');
      if (item.depth >= MAX_TREE_DEPTH) throw SandboxError.invalid('the page tree is nested too deeply');
      if (++intermediates > MAX_TREE_NODES) throw SandboxError.invalid('the page tree is too large');
      const count = dict.lookup(NAME.Count);
      if (count instanceof PDFNumber && count.asNumber() > maxPages) {
        inflatedCount = Math.max(inflatedCount, count.asNumber());
      }
      onPath.add(key);
      stack.push({ leave: key });
      for (let i = kids.size() - 1; i >= 0; i--) stack.push({ node: kids.get(i), depth: item.depth + 1 });
    } else if (type === NAME.Page || type === undefined) {
      if (++leaves > maxPages) throw SandboxError.tooManyPages(maxPages);
    } else {
      throw SandboxError.invalid('the page tree contains an entry that is not a page');
    }
  }

  if (leaves === 0) throw SandboxError.noPages();
  if (inflatedCount > 0) {
    // Only reached with at most maxPages real pages: the declared count is a lie, not a big file.
    throw SandboxError.invalid(`the page tree claims ${inflatedCount} pages but contains ${leaves}`);
  }
  return leaves;
}

/** Any dictionary with /S /JavaScript or a /JS entry, or a document-level /Names /JavaScript tree. */
function findJavaScript(doc: PDFDocument, catalog: PDFDict): boolean {
  const names = catalog.lookup(NAME.Names);
  if (names instanceof PDFDict && names.has(NAME.JavaScript)) return true;
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (containsJavaScript(object instanceof PDFStream ? object.dict : object, 0)) return true;
  }
  return false;
}

/** Checks a direct object and the direct dictionaries/arrays inside it (actions are often inline). */
function containsJavaScript(object: PDFObject, depth: number): boolean {
  if (depth > 4) return false;
  if (object instanceof PDFDict) {
    if (object.has(NAME.JS) || object.get(NAME.S) === NAME.JavaScript) return true;
    for (const [, value] of object.entries()) {
      if ((value instanceof PDFDict || value instanceof PDFArray) && containsJavaScript(value, depth + 1)) return true;
    }
  } else if (object instanceof PDFArray) {
    const size = Math.min(object.size(), 1000);
    for (let i = 0; i < size; i++) {
      const value = object.get(i);
      if ((value instanceof PDFDict || value instanceof PDFArray) && containsJavaScript(value, depth + 1)) return true;
    }
  }
  return false;
}
