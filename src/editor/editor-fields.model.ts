import type { TemplateFieldDto } from 'src/templates/dto/template.dto';

/** What `GET /editor/{token}/fields` returns: the latest version with its review state, for the page to draw. */
export interface EditorFieldsResponse {
  template_id: string;
  title: string;
  version: number;
  page_count: number;
  review_required: boolean;
  reviewed_at?: string;
  review_reasons: string[];
  fields: TemplateFieldDto[];
}
