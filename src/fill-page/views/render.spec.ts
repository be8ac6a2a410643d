import type { FillFormField, FillFormModel } from '../fill-form.model';
import { escapeHtml } from 'src/common/html/html';
import { renderConfirmationPage, renderFormPage, renderGonePage, renderNotFoundPage } from './index';

function field(partial: Partial<FillFormField> & Pick<FillFormField, 'field_id' | 'kind' | 'label'>): FillFormField {
  return {
    prompt: partial.label,
    choice_label: null,
    question_id: `q_${partial.field_id}`,
    page: 1,
    required: false,
    locked: false,
    ...partial,
  };
}

function choices(kind: 'select_one' | 'select_many', q: string, n: number, extra: Partial<FillFormField> = {}) {
  return Array.from({ length: n }, (_, i) =>
    field({
      field_id: `${q}_${i + 1}`,
      kind,
      label: `Choice ${i + 1}`,
      prompt: `Question ${q}`,
      choice_label: `Choice ${i + 1}`,
      question_id: q,
      ...extra,
    }),
  );
}

function model(fields: FillFormField[], page_count = 1): FillFormModel {
  return { short_code: 'abc123', title: 'Intake form', page_count, fields };
}

/** The opening tag of the element carrying data-field-id="id" (or data-question-id for a select). */
function tagOf(doc: string, id: string, attr = 'data-field-id'): string {
  const at = doc.indexOf(`${attr}="${id}"`);
  expect(at).toBeGreaterThan(-1);
  return doc.slice(doc.lastIndexOf('<', at), doc.indexOf('>', at) + 1).replace(/\s+/g, ' ');
}

function count(doc: string, needle: string | RegExp): number {
  return (
    doc.match(
      needle instanceof RegExp
        ? new RegExp(needle.source, 'g')
        : new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g'),
    ) ?? []
  ).length;
}

describe('fill page views', () => {
  describe('documents', () => {
    it.each([
      ['form', renderFormPage(model([field({ field_id: 'a', kind: 'signature', label: 'Sign' })]))],
      ['confirmation', renderConfirmationPage('Intake')],
      ['gone', renderGonePage('expired')],
      ['not found', renderNotFoundPage()],
    ])('%s page is a complete document with the assets and no inline script or style', (_name, doc) => {
      expect(doc.startsWith('<!doctype html>')).toBe(true);
      expect(doc).toContain('<html lang="en">');
      expect(doc).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1"\s*\/?>/);
      expect(doc).toMatch(/<title>[^<]+<\/title>/);
      expect(doc).toMatch(/<link rel="stylesheet" href="\/assets\/fill-page.css"\s*\/?>/);
      expect(doc).toContain('<script src="/assets/fill-page.js" defer></script>');
      // every script has a src, except JSON data blocks, which browsers never execute
      expect(doc).not.toMatch(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/);
      expect(doc).not.toMatch(/\sstyle=/);
      expect(doc).not.toMatch(/<style/);
      expect(doc).not.toMatch(/\son[a-z]+=/i); // no inline event handlers
    });

    it('loads signature_pad (before the page script) only when the form has a signature', () => {
      const withPad = renderFormPage(model([field({ field_id: 'a', kind: 'signature', label: 'Sign' })]));
      expect(withPad.indexOf('/assets/vendor/signature_pad.umd.min.js')).toBeGreaterThan(-1);
      expect(withPad.indexOf('/assets/vendor/signature_pad.umd.min.js')).toBeLessThan(
        withPad.indexOf('/assets/fill-page.js'),
      );
      expect(renderFormPage(model([field({ field_id: 'a', kind: 'text', label: 'Name' })]))).not.toContain(
        'signature_pad',
      );
    });
  });

  it('escapes every interpolated string (labels, prompts, choices, title, values, ids)', () => {
    const evil = '<script>alert(1)</script>';
    const doc = renderFormPage({
      short_code: 'a"b<c',
      title: `Title ${evil}`,
      page_count: 1,
      fields: [
        field({ field_id: 'x"y', kind: 'text', label: evil, value: `"><img src=x onerror=alert(1)>` }),
        ...choices('select_one', 'q', 2, { prompt: evil, choice_label: `<b>bold</b>` }),
        ...choices('select_one', 'big', 8, { choice_label: `<i>x</i>` }),
        field({ field_id: 's', kind: 'signature', label: `<img src=x onerror=alert(2)>` }),
      ],
    });
    expect(doc).not.toContain(evil);
    expect(doc).not.toContain('<img');
    expect(doc).not.toContain('<b>bold</b>');
    expect(doc).not.toContain('<i>x</i>');
    expect(doc).toContain(escapeHtml(evil));
    expect(doc).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(doc).toContain(`<title>Title &lt;script&gt;alert(1)&lt;/script&gt;</title>`);
    expect(doc).toContain('data-field-id="x&quot;y"');
    expect(doc).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(doc).toContain('data-submit-url="/f/a%22b%3Cc/submit"');
    expect(renderConfirmationPage(evil)).not.toContain(evil);
    expect(escapeHtml(`&<>"'\``)).toBe('&amp;&lt;&gt;&quot;&#39;&#96;');
  });

  it('puts data-field-id on every control, data-question-id on drop-downs, and a visible label on each', () => {
    const fields = [
      field({ field_id: 't', kind: 'text', label: 'Name' }),
      field({ field_id: 'e', kind: 'email', label: 'Email' }),
      field({ field_id: 'p', kind: 'phone', label: 'Phone' }),
      field({ field_id: 'n', kind: 'number', label: 'Age' }),
      field({ field_id: 'i', kind: 'initials', label: 'Initials' }),
      field({ field_id: 'd', kind: 'date', label: 'DOB' }),
      field({ field_id: 'c', kind: 'checkbox', label: 'I agree' }),
      ...choices('select_one', 'r', 3),
      ...choices('select_one', 'dd', 7),
      ...choices('select_many', 'm', 3),
      field({ field_id: 'sig', kind: 'signature', label: 'Signature' }),
    ];
    const doc = renderFormPage(model(fields));
    for (const f of fields) expect(count(doc, `data-field-id="${f.field_id}"`)).toBe(1);
    // every <input>, <select> and <canvas> is identified (the typed-signature input names its pad instead)
    const controls = doc.match(/<(input|select|canvas)\b[^>]*>/g)!;
    expect(controls).toHaveLength(fields.length - 7 + 1 + 1); // 7 options live in one <select>; +1 typed signature
    for (const tag of controls) expect(tag).toMatch(/data-field-id="|data-question-id="|data-signature-for="/);
    // every control with an id has a <label for> (canvas: labelled by its legend)
    for (const tag of controls.filter((t) => !t.startsWith('<canvas'))) {
      const id = /\bid="([^"]+)"/.exec(tag)![1];
      expect(doc).toContain(`<label class="`);
      expect(doc).toMatch(new RegExp(`<label[^>]*for="${id}"`));
    }
    expect(tagOf(doc, 'e')).toContain('type="email"');
    expect(tagOf(doc, 'p')).toContain('type="tel"');
    expect(tagOf(doc, 'n')).toContain('type="text"');
    expect(tagOf(doc, 'n')).toContain('inputmode="numeric"');
    expect(tagOf(doc, 'd')).toContain('type="date"');
    expect(tagOf(doc, 'c')).toContain('type="checkbox"');
    expect(tagOf(doc, 'm_1')).toContain('type="checkbox"');
    const canvas = tagOf(doc, 'sig');
    expect(canvas).toContain('role="img"');
    expect(canvas).toMatch(/aria-labelledby="[^"]+"/);
    expect(doc).toContain('<button type="button" class="button button--secondary signature-clear"');
    expect(doc).toContain('Type your full name to sign');
    expect(doc).toContain('data-signature-for="sig"');
    expect(doc).toContain('<button type="submit" class="button button--primary" id="submit-button">Submit</button>');
    expect(doc).toMatch(/<form[^>]*action="\/f\/abc123\/submit"[^>]*data-done-url="\/f\/abc123\/done\?lang=en"/);
    expect(doc).toMatch(/<div class="error-summary" id="error-summary" role="alert" tabindex="-1" hidden>/);
  });

  it('uses radio buttons up to 6 choices and a <select> with an empty first option above 6', () => {
    const six = renderFormPage(model(choices('select_one', 'q', 6)));
    expect(count(six, 'type="radio"')).toBe(6);
    expect(six).not.toContain('<select');
    expect(six).toMatch(/<fieldset[^>]*role="radiogroup"/);
    expect(six).toContain('<legend class="legend"><span class="label-text">Question q</span>');
    for (let i = 1; i <= 6; i++) expect(six).toContain(`<span class="label-text">Choice ${i}</span>`);
    // all radios of a question share one name
    expect(new Set(six.match(/\sname="q-\d+"/g)).size).toBe(1);

    const seven = renderFormPage(model(choices('select_one', 'q', 7)));
    expect(seven).not.toContain('type="radio"');
    expect(tagOf(seven, 'q', 'data-question-id')).toMatch(/^<select /);
    expect(seven).toMatch(/<select[\s\S]*?>\s*<option value="">Choose an answer<\/option>/);
    expect(count(seven, /<option value="q_\d" data-field-id="q_\d"/)).toBe(7);
    expect(seven).toMatch(/<label class="label" for="([^"]+)">[\s\S]*?<select[^>]*id="\1"/);

    // many check boxes stay check boxes
    expect(count(renderFormPage(model(choices('select_many', 'm', 9))), 'type="checkbox"')).toBe(9);
  });

  it('shows (required) in words and sets required/aria-required', () => {
    const doc = renderFormPage(
      model([
        field({ field_id: 't', kind: 'text', label: 'Name', required: true }),
        field({ field_id: 'o', kind: 'text', label: 'Nickname' }),
        ...choices('select_one', 'r', 2, { required: true }),
        ...choices('select_one', 'dd', 8, { required: true }),
        field({ field_id: 'c', kind: 'checkbox', label: 'I agree', required: true }),
        field({ field_id: 's', kind: 'signature', label: 'Sign', required: true }),
      ]),
    );
    expect(tagOf(doc, 't')).toContain('required aria-required="true"');
    expect(tagOf(doc, 'o')).not.toContain('required');
    expect(doc).toMatch(
      /<label class="label" for="[^"]+"><span class="label-text">Name<\/span> <span class="req">\(required\)<\/span><\/label>/,
    );
    expect(doc).not.toMatch(/Nickname<\/span> <span class="req">/);
    expect(doc).toMatch(/<fieldset[^>]*role="radiogroup"[^>]*aria-required="true"/);
    expect(doc).toMatch(/Question r<\/span> <span class="req">\(required\)/);
    expect(tagOf(doc, 'r_1')).toContain('required');
    expect(tagOf(doc, 'dd', 'data-question-id')).toContain('aria-required="true"');
    expect(tagOf(doc, 'c')).toContain('aria-required="true"');
    expect(doc).toMatch(/Sign<\/span> <span class="req">\(required\)/);
    expect(count(doc, 'data-required="true" data-required-message=')).toBe(5);
    expect(doc).toContain('Please answer “Name”.');
    expect(doc).toContain('Please choose an answer for “Question r”.');
    expect(doc).toContain('Please tick “I agree”.');
    expect(doc).toContain('Please sign in the box, or type your full name, for “Sign”.');
    // the form validates in the script, not with the browser's bubbles
    expect(doc).toMatch(/<form[^>]*novalidate/);
  });

  it('prefills defaults and makes locked fields read-only with a visible note', () => {
    const doc = renderFormPage(
      model([
        field({ field_id: 't', kind: 'text', label: 'Name', value: 'Ada' }),
        field({ field_id: 'l', kind: 'text', label: 'Clinic ref', value: 'RFC-1', locked: true }),
        field({ field_id: 'd', kind: 'date', label: 'DOB', value: '1980-03-31' }),
        field({ field_id: 'c', kind: 'checkbox', label: 'Agree', value: true }),
        field({ field_id: 'c2', kind: 'checkbox', label: 'Other', value: false }),
        field({ field_id: 'lc', kind: 'checkbox', label: 'Locked box', value: true, locked: true }),
        ...choices('select_one', 'r', 3).map((f, i) => ({ ...f, value: i === 1, locked: true })),
        ...choices('select_one', 'dd', 7).map((f, i) => ({ ...f, value: i === 4 })),
        ...choices('select_many', 'm', 3).map((f, i) => ({ ...f, value: i !== 1, locked: i === 0 })),
        field({ field_id: 'bad', kind: 'text', label: 'Wrong type', value: true }),
      ]),
    );
    expect(tagOf(doc, 't')).toContain('value="Ada"');
    expect(tagOf(doc, 't')).not.toContain('readonly');
    expect(tagOf(doc, 'l')).toContain('value="RFC-1"');
    expect(tagOf(doc, 'l')).toContain('readonly');
    expect(doc).toMatch(/Clinic ref<\/span> <span class="locked-note">\(set by your provider\)<\/span>/);
    expect(tagOf(doc, 'd')).toContain('value="1980-03-31"');
    expect(tagOf(doc, 'c')).toContain(' checked');
    expect(tagOf(doc, 'c2')).not.toContain('checked');
    expect(tagOf(doc, 'lc')).toContain('aria-readonly="true"');
    expect(tagOf(doc, 'lc')).toContain('data-locked="true"');
    expect(tagOf(doc, 'lc')).not.toContain('disabled');
    // locked radio question: each radio data-locked, the group aria-readonly, the legend says so
    expect(tagOf(doc, 'r_2')).toContain(' checked');
    expect(tagOf(doc, 'r_1')).not.toContain('checked');
    for (const id of ['r_1', 'r_2', 'r_3']) expect(tagOf(doc, id)).toContain('data-locked="true"');
    expect(doc).toMatch(/<fieldset[^>]*role="radiogroup"[^>]*aria-readonly="true"/);
    expect(doc).toMatch(/Question r<\/span> <span class="locked-note">\(set by your provider\)/);
    expect(doc).not.toContain('disabled');
    expect(doc).not.toMatch(/type="hidden"/);
    // drop-down: the prefilled option is selected
    expect(tagOf(doc, 'dd_5')).toContain('selected');
    expect(tagOf(doc, 'dd_4')).not.toContain('selected');
    // check boxes: locked one by one
    expect(tagOf(doc, 'm_1')).toContain('checked');
    expect(tagOf(doc, 'm_1')).toContain('aria-readonly="true"');
    expect(tagOf(doc, 'm_2')).not.toContain('checked');
    expect(tagOf(doc, 'm_2')).not.toContain('data-locked');
    expect(tagOf(doc, 'bad')).toContain('value=""');
  });

  it('heads the questions of a form without printed sections by PDF page, only for multi-page forms, in model order', () => {
    const multi = renderFormPage(
      model(
        [
          field({ field_id: 'a', kind: 'text', label: 'A', page: 1 }),
          field({ field_id: 'b', kind: 'text', label: 'B', page: 1 }),
          field({ field_id: 'c', kind: 'text', label: 'C', page: 3 }),
        ],
        3,
      ),
    );
    expect(count(multi, '<section')).toBe(1); // a small form is one step
    expect(multi).toContain('Page 1 of 3');
    expect(multi).not.toContain('Page 2 of 3'); // page 2 has no fields
    expect(multi).toContain('Page 3 of 3');
    const [p1, p3] = multi.split('<h3').slice(1);
    expect(p1).toContain('data-field-id="a"');
    expect(p1.indexOf('data-field-id="a"')).toBeLessThan(p1.indexOf('data-field-id="b"'));
    expect(p3).toContain('data-field-id="c"');

    const single = renderFormPage(model([field({ field_id: 'a', kind: 'text', label: 'A' })]));
    expect(single).not.toContain('<h3');
    expect(single).not.toContain('Page 1 of 1');
    expect(single).toContain('<h1>Intake form</h1>');
  });

  it('groups choice fields by question_id; a lone choice field is a single check box', () => {
    const doc = renderFormPage(
      model([
        ...choices('select_one', 'q', 2),
        field({ field_id: 'solo', kind: 'select_one', label: 'Only option', question_id: 'lonely' }),
        field({ field_id: 'nullq', kind: 'select_many', label: 'No question' }),
      ]),
    );
    expect(count(doc, '<fieldset')).toBe(1);
    expect(tagOf(doc, 'solo')).toContain('type="checkbox"');
    expect(tagOf(doc, 'nullq')).toContain('type="checkbox"');
  });

  it('gone, confirmation and not-found pages speak plainly', () => {
    expect(renderGonePage('expired')).toContain('<h1>This link has expired</h1>');
    expect(renderGonePage('exhausted')).toContain(
      '<h1>This form has already been completed the maximum number of times</h1>',
    );
    expect(renderGonePage('retired')).toContain('<h1>This form is no longer in use</h1>');
    for (const r of ['expired', 'exhausted', 'retired'] as const) {
      expect(renderGonePage(r)).toContain('contact your provider for a new link');
    }
    const done = renderConfirmationPage('Intake');
    expect(done).toContain('<h1>Thank you — your form was received</h1>');
    expect(done).not.toContain('<form');
    expect(renderNotFoundPage()).toContain('contact your provider for a new link');
  });
});
