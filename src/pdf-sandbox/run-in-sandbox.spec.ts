import { PDFDocument } from 'pdf-lib';
import * as hostile from 'test/fixtures/pdfs/hostile/hostile-pdfs';
import { useCompiledSandbox } from 'test/utils/sandbox/compiled-child';
import { runTestTask } from 'test/utils/sandbox/run-test-task';
import {
  configureSandboxLaunch,
  runInSandbox,
  runSandboxTask,
  SandboxError,
  SandboxErrorCode,
  shutdownSandboxPool,
} from '.';

jest.setTimeout(60_000);

async function failure(promise: Promise<unknown>): Promise<SandboxError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SandboxError);
    return error as SandboxError;
  }
  throw new Error('expected the sandbox call to fail');
}

async function expectCode(promise: Promise<unknown>, code: SandboxErrorCode, message?: RegExp): Promise<SandboxError> {
  const error = await failure(promise);
  expect({ code: error.code, message: error.message }).toEqual({
    code,
    message: message ? expect.stringMatching(message) : expect.any(String),
  });
  // Partner-facing text: a sentence, no stack trace.
  expect(error.message).not.toMatch(/\n\s+at /);
  return error;
}

/** After every hostile case the next ordinary job must still work. */
async function normalPdfStillWorks(): Promise<void> {
  const result = await runInSandbox('inspect', { pdf: hostile.simplePdf(1) });
  expect(result.pageCount).toBe(1);
}

beforeAll(() => useCompiledSandbox());
afterAll(async () => {
  await shutdownSandboxPool();
  configureSandboxLaunch(undefined);
});

describe('runInSandbox: inspect (preflight)', () => {
  it('describes a normal PDF', async () => {
    await expect(runInSandbox('inspect', { pdf: hostile.simplePdf(3) })).resolves.toEqual({
      pageCount: 3,
      encrypted: false,
      hasAcroForm: false,
      hasXfa: false,
      hasJavaScript: false,
    });
  });

  it('sees AcroForm fields and JavaScript inside object streams (pdf-lib output)', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    doc.addPage([612, 792]);
    doc.getForm().createTextField('patient.name').addToPage(page, { x: 50, y: 700, width: 200, height: 20 });
    doc.addJavaScript('hello', 'app.alert("hi")');
    const pdf = await doc.save({ useObjectStreams: true });
    await expect(runInSandbox('inspect', { pdf })).resolves.toEqual({
      pageCount: 2,
      encrypted: false,
      hasAcroForm: true,
      hasXfa: false,
      hasJavaScript: true,
    });
  });

  it('accepts exactly 100 pages', async () => {
    const result = await runInSandbox('inspect', { pdf: hostile.simplePdf(100) });
    expect(result.pageCount).toBe(100);
  });

  it.each([
    ['not a PDF', hostile.notAPdf, /does not start like a PDF/],
    ['an empty file', () => Buffer.alloc(0), /empty/],
    ['a truncated PDF', () => hostile.truncatedPdf(), /damaged or truncated/],
    ['garbage after the header', () => hostile.garbageAfterHeader(), /damaged or truncated/],
    ['a page tree whose Kids point back to itself', hostile.selfReferencingPageTree, /page tree refers to itself/],
    ['a /Count of 100000000 over a 1-page tree', hostile.hugeCountPdf, /claims 100000000 pages but contains 1/],
  ])('refuses %s with PDF_INVALID', async (_name, build, message) => {
    const started = Date.now();
    await expectCode(runInSandbox('inspect', { pdf: build() }), 'PDF_INVALID', message);
    expect(Date.now() - started).toBeLessThan(10_000);
    await normalPdfStillWorks();
  });

  it('refuses an encrypted PDF with PDF_ENCRYPTED', async () => {
    await expectCode(runInSandbox('inspect', { pdf: hostile.encryptedPdf() }), 'PDF_ENCRYPTED', /password/);
    await normalPdfStillWorks();
  });

  it('refuses a PDF without pages with PDF_NO_PAGES', async () => {
    await expectCode(runInSandbox('inspect', { pdf: hostile.emptyPageTreePdf() }), 'PDF_NO_PAGES', /no pages/);
  });

  it('refuses 101 real pages with PDF_TOO_MANY_PAGES', async () => {
    await expectCode(runInSandbox('inspect', { pdf: hostile.simplePdf(101) }), 'PDF_TOO_MANY_PAGES', /more than 100/);
    await normalPdfStillWorks();
  });

  it('survives arrays nested 100 000 deep (the object is dropped or the file refused, never a crash)', async () => {
    const pdf = hostile.deeplyNestedArraysPdf(100_000);
    for (const task of ['inspect', 'parse-content'] as const) {
      const outcome = await runInSandbox(task, { pdf }).then(
        (value) => ({ pageCount: value.pageCount }),
        (error: SandboxError) => ({ code: error.code }),
      );
      expect([{ pageCount: 1 }, { code: 'PDF_INVALID' }]).toContainEqual(outcome);
    }
    await normalPdfStillWorks();
  });
});

describe('runInSandbox: decompression bombs', () => {
  const limits = { maxOldSpaceMb: 128, maxRssMb: 512, timeoutMs: 30_000 };

  it('stops an object-stream bomb that pdf-lib inflates while loading (inspect)', async () => {
    const pdf = hostile.objectStreamBombPdf(1.5 * 1024 ** 3);
    expect(pdf.length).toBeLessThan(2 * 1024 * 1024);
    const error = await failure(runInSandbox('inspect', { pdf }, limits));
    expect(['PROCESSING_OUT_OF_MEMORY', 'PROCESSING_TIMEOUT']).toContain(error.code);
    await normalPdfStillWorks();
  });

  it('stops a content-stream bomb when pdf2json decodes the page (parse-content)', async () => {
    const pdf = hostile.contentBombPdf(1.5 * 1024 ** 3);
    // The preflight does not decode content streams: the file itself looks fine.
    await expect(runInSandbox('inspect', { pdf })).resolves.toMatchObject({ pageCount: 1 });
    const error = await failure(runInSandbox('parse-content', { pdf }, limits));
    expect(['PROCESSING_OUT_OF_MEMORY', 'PROCESSING_TIMEOUT']).toContain(error.code);
    expect(error.message).toMatch(/memory|longer than/);
    await expect(runInSandbox('parse-content', { pdf: hostile.simplePdf(2) })).resolves.toEqual({
      pageCount: 2,
      textRuns: 2,
    });
  });
});

describe('runInSandbox: misbehaving tasks', () => {
  it('SIGKILLs a task that loops forever at the deadline while the parent loop keeps ticking', async () => {
    const ticks: number[] = [];
    const interval = setInterval(() => ticks.push(Date.now()), 20);
    const started = Date.now();
    const error = await expectCode(
      runTestTask('spin', { pdf: hostile.simplePdf(1) }, { timeoutMs: 2_500 }),
      'PROCESSING_TIMEOUT',
      /longer than 2\.5 s/,
    );
    const elapsed = Date.now() - started;
    clearInterval(interval);
    expect(error.detail).toContain('spin');
    expect(elapsed).toBeGreaterThanOrEqual(2_450);
    expect(elapsed).toBeLessThan(4_500);
    // The parent's event loop was never blocked: ~125 ticks expected, gaps stay small.
    expect(ticks.length).toBeGreaterThan(50);
    const gaps = ticks.slice(1).map((t, i) => t - ticks[i]);
    expect(Math.max(...gaps)).toBeLessThan(500);
    await normalPdfStillWorks();
  });

  it('answers other jobs while one child is stuck (they finish before its deadline)', async () => {
    const settled: string[] = [];
    const stuck = runTestTask('spin', { pdf: hostile.simplePdf(1) }, { timeoutMs: 3_000 }).catch((e: SandboxError) => {
      settled.push('stuck');
      return e;
    });
    const [a, b] = await Promise.all(
      [2, 4].map((pages) =>
        runInSandbox('inspect', { pdf: hostile.simplePdf(pages) }).then((result) => {
          settled.push(`inspect ${pages}`);
          return result;
        }),
      ),
    );
    expect([a.pageCount, b.pageCount]).toEqual([2, 4]);
    expect((await stuck).code).toBe('PROCESSING_TIMEOUT');
    expect(settled.slice(2)).toEqual(['stuck']);
  });

  it('maps a V8 heap exhaustion to PROCESSING_OUT_OF_MEMORY', async () => {
    const error = await expectCode(
      runTestTask('allocate', { pdf: hostile.simplePdf(1) }, { maxOldSpaceMb: 64 }),
      'PROCESSING_OUT_OF_MEMORY',
      /more memory than allowed/,
    );
    expect(error.detail).toMatch(/heap|SIGABRT|134/i);
    await normalPdfStillWorks();
  });

  it('maps Buffer memory outside the V8 heap to PROCESSING_OUT_OF_MEMORY (resident-memory watchdog)', async () => {
    const error = await expectCode(
      runTestTask('allocate-buffers', { pdf: hostile.simplePdf(1) }, { maxOldSpaceMb: 64, maxRssMb: 400 }),
      'PROCESSING_OUT_OF_MEMORY',
    );
    expect(error.detail).toMatch(/resident memory/);
    await normalPdfStillWorks();
  });

  it('maps a child that exits without answering to PROCESSING_ERROR', async () => {
    const error = await expectCode(runTestTask('exit', { pdf: hostile.simplePdf(1) }), 'PROCESSING_ERROR');
    expect(error.detail).toMatch(/code 3/);
    await normalPdfStillWorks();
  });

  it('never passes a task error text to the caller message', async () => {
    const error = await expectCode(runTestTask('throw', { pdf: hostile.simplePdf(1) }), 'PROCESSING_ERROR');
    expect(error.message).toBe('The PDF could not be processed.');
    expect(error.message).not.toContain('secret');
    // ...but the caller can still tell a task's own input error apart (for logs or its own mapping).
    expect(error.taskErrorName).toBe('TaskInputError');
    expect(error.detail).toContain('should never reach the partner message');
  });

  it('fails only the task whose module is missing', async () => {
    const error = await expectCode(runTestTask('missing-module', { pdf: hostile.simplePdf(1) }), 'PROCESSING_ERROR');
    expect(error.detail).toMatch(/Cannot find module/);
    await normalPdfStillWorks();
  });

  it('the production child serves no test task, and names an unknown task', async () => {
    useCompiledSandbox({ test: false });
    try {
      const error = await expectCode(runTestTask('spin', { pdf: hostile.simplePdf(1) }), 'PROCESSING_ERROR');
      expect(error.detail).toMatch(/unknown sandbox task "spin"/);
      await expect(runInSandbox('inspect', { pdf: hostile.simplePdf(1) })).resolves.toMatchObject({ pageCount: 1 });
    } finally {
      useCompiledSandbox();
    }
    const unknown = await expectCode(runSandboxTask('no-such-task', { pdf: hostile.simplePdf(1) }), 'PROCESSING_ERROR');
    expect(unknown.detail).toMatch(/unknown sandbox task "no-such-task"/);
  });
});

describe('runInSandbox: registered detect and render tasks (src/detection, src/rendering)', () => {
  it('runs detectFields(pdf, options) in the child', async () => {
    const result = await runInSandbox('detect', {
      pdf: hostile.simplePdf(1),
      payload: { detector: 'layout' },
    });
    expect(result.pageCount).toBe(1);
    expect(Array.isArray(result.fields)).toBe(true);
  });

  it('runs renderCompletedPdf({...payload, pdf}) in the child and returns the bytes', async () => {
    const result = await runInSandbox('render', {
      pdf: hostile.simplePdf(1),
      payload: { fields: [], answers: {}, signatures: {} },
    });
    expect(result).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(result.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  });

  it('refuses a hostile file before the task code runs', async () => {
    await expectCode(runInSandbox('detect', { pdf: hostile.selfReferencingPageTree() }), 'PDF_INVALID');
    await expectCode(runInSandbox('inspect', { pdf: hostile.encryptedPdf() }), 'PDF_ENCRYPTED');
  });

  it('renders without a second preflight (the template passed it at import), and pdf-lib still refuses an encrypted file', async () => {
    await expectCode(
      runInSandbox('render', { pdf: hostile.encryptedPdf(), payload: { fields: [], answers: {}, signatures: {} } }),
      'PROCESSING_ERROR',
    );
  });
});

describe('runInSandbox: transport', () => {
  it('moves 10 MB each way intact and quickly (structured clone, not JSON of numbers)', async () => {
    const pdf = Buffer.alloc(10 * 1024 * 1024);
    for (let i = 0; i < pdf.length; i++) pdf[i] = (i * 31 + 7) & 0xff;
    let checksum = 0;
    for (let i = 0; i < pdf.length; i++) checksum = (checksum + pdf[i]) % 1_000_000_007;
    const started = Date.now();
    const result = await runTestTask('echo', { pdf, payload: { id: 'x', when: new Date(0), nested: [1, 2] } });
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(result.byteLength).toBe(pdf.length);
    expect(result.checksum).toBe(checksum);
    expect(result.payload).toEqual({ id: 'x', when: new Date(0), nested: [1, 2] });
    expect(Array.from(result.bytes)).toEqual(Array.from(pdf.subarray(0, 16)));
  });

  it('handles a view into a larger buffer (only the view is sent)', async () => {
    const big = Buffer.concat([Buffer.from('junk before'), hostile.simplePdf(2), Buffer.from('junk after')]);
    const view = big.subarray(11, big.length - 10);
    await expect(runInSandbox('inspect', { pdf: view })).resolves.toMatchObject({ pageCount: 2 });
  });

  it('validates its arguments', async () => {
    await expect(runInSandbox('inspect', { pdf: hostile.simplePdf(1) }, { timeoutMs: -1 })).rejects.toThrow(RangeError);
    await expect(runInSandbox('inspect', { pdf: 'nope' as unknown as Uint8Array })).rejects.toThrow(TypeError);
  });
});
