import { html } from 'src/common/html/html';
import type { FillFormModel } from 'src/fill-page/fill-form.model';
import type { EditorFieldsResponse } from './editor-fields.model';

/** Not a short code (those are letters and digits): the preview's form could never reach a real link. */
export const PREVIEW_CODE = 'preview';

/** The fill page's model for a version, as a patient would see it through a link without prefill. */
export function toPreviewModel(model: EditorFieldsResponse): FillFormModel {
  return {
    short_code: PREVIEW_CODE,
    title: model.title,
    page_count: model.page_count,
    fields: [...model.fields]
      .sort((a, b) => a.page - b.page)
      .map((f) => ({
        field_id: f.field_id,
        kind: f.kind,
        label: f.label,
        prompt: f.prompt,
        choice_label: f.choice_label,
        question_id: f.question_id,
        page: f.page,
        required: f.required,
        locked: false,
      })),
  };
}

const MAIN_OPEN = '<main id="main" class="page" tabindex="-1">';

/** A notice at the top of the preview: staff must not mistake it for a live link. */
export function withPreviewBanner(page: string): string {
  const banner = html`<p class="panel panel--warning" role="note">
    Preview of the saved version: this is what patients see. Answers typed here are not sent anywhere.
  </p>`;
  return page.replace(MAIN_OPEN, `${MAIN_OPEN}${banner.value}`);
}
