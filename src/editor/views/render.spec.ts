import { editorCsp } from '../editor-headers.middleware';
import { refusalOf } from '../editor-html.filter';
import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';
import { toPreviewModel, withPreviewBanner } from '../preview-model';
import { renderFormPage } from 'src/fill-page/views';
import { REFUSAL_STATUS, renderEditorPage, renderRefusalPage } from './index';

const model = {
  token: 'edt_abc',
  templateId: 'tpl_1',
  title: '<img src=x onerror=alert(1)> Intake',
  version: 3,
  reviewRequired: true,
  reviewedAt: null,
};

describe('editor views', () => {
  it('escapes the PDF-derived title and carries no inline script or style (CSP)', () => {
    const page = renderEditorPage(model);
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt; Intake');
    expect(page).not.toMatch(/<script(?![^>]*\ssrc=)/);
    expect(page).not.toMatch(/\sstyle=|<style/);
    expect(page).not.toMatch(/<[^>]*\son[a-z]+=/);
    expect(page).toContain('data-template-id="tpl_1"');
    expect(page).toContain('href="/editor/edt_abc/preview?template_id=tpl_1"');
  });

  it('labels every input and select of the inspector', () => {
    const page = renderEditorPage(model);
    const ids = [...page.matchAll(/<(?:input|select)[^>]*\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThanOrEqual(7);
    for (const id of ids) expect(page).toContain(`for="${id}"`);
  });

  it('maps refusals to plain pages and statuses, never naming the token', () => {
    const cases: [ErrorCode, number, RegExp][] = [
      [ErrorCode.EditorSessionExpired, 410, /has expired/],
      [ErrorCode.TemplateRetired, 410, /no longer in use/],
      [ErrorCode.EditorSessionInvalid, 403, /not valid/],
      [ErrorCode.NotFound, 404, /can’t find/],
    ];
    for (const [code, status, text] of cases) {
      const refusal = refusalOf(new AppException(code, 'x'));
      expect(REFUSAL_STATUS[refusal]).toBe(status);
      expect(renderRefusalPage(refusal)).toMatch(text);
    }
    expect(REFUSAL_STATUS[refusalOf(new Error('boom'))]).toBe(500);
    // A rate-limited or unavailable editor page is told so (it answered 500 before).
    expect(REFUSAL_STATUS[refusalOf(new AppException(ErrorCode.RateLimited, 'x'))]).toBe(429);
    expect(REFUSAL_STATUS[refusalOf(new AppException(ErrorCode.Unavailable, 'x'))]).toBe(503);
    expect(renderRefusalPage('rate_limited')).toMatch(/Too many requests/);
    expect(renderRefusalPage('error')).not.toContain('boom');
  });

  it("frames only where the organization allows; the preview's CSP forbids sending", () => {
    expect(editorCsp([])).toContain("frame-ancestors 'none'");
    expect(editorCsp(['https://a.example', 'https://b.example'])).toContain(
      'frame-ancestors https://a.example https://b.example',
    );
    expect(editorCsp([], { preview: true })).toMatch(/connect-src 'none'.*form-action 'none'/);
  });

  it('previews the patient page from the fill page views with a notice', () => {
    const html = withPreviewBanner(
      renderFormPage(
        toPreviewModel({
          template_id: 'tpl_1',
          title: 'Intake',
          version: 2,
          page_count: 1,
          review_required: false,
          review_reasons: [],
          fields: [
            {
              field_id: 'fld_1',
              kind: 'text',
              label: 'Family name',
              prompt: 'Family name',
              choice_label: null,
              question_id: 'q_1',
              page: 1,
              prefillable: true,
              rect: [72, 700, 300, 714],
              required: true,
              confidence: 1,
              section: '',
              format: null,
              condition: null,
            },
          ],
        }),
      ),
    );
    expect(html).toContain('Preview of the saved version');
    expect(html).toContain('Family name');
    expect(html.indexOf('Preview of the saved version')).toBeLessThan(html.indexOf('Family name'));
  });
});
