import { Injectable } from '@nestjs/common';
import { EditorSessionsService, type ResolvedEditorSession } from 'src/editor-sessions/editor-sessions.service';
import { renderFormPage } from 'src/fill-page/views';
import type {
  ReplaceFieldsDto,
  ReplacedFieldsResponseDto,
  ReviewedTemplateResponseDto,
} from 'src/templates/dto/template-edit.dto';
import { TemplateEditsService } from 'src/templates/template-edits.service';
import type { EditorFieldsResponse } from './editor-fields.model';
import { toPreviewModel, withPreviewBanner } from './preview-model';
import { renderEditorPage } from './views';

/** The token of the URL, and the template the caller expects it to open (`?template_id=`), when pinned. */
export interface EditorAccess {
  token: string;
  templateId?: string;
}

/**
 * The editor page's side of template edits. Every call resolves the token first: an expired, tampered or
 * unknown token, another template's token (when the caller pins one) or a retired template's token is refused
 * by EditorSessionsService. Reads and writes then go through the same services as the partner API.
 */
@Injectable()
export class EditorPageService {
  constructor(
    private readonly sessions: EditorSessionsService,
    private readonly edits: TemplateEditsService,
  ) {}

  private open({ token, templateId }: EditorAccess): Promise<ResolvedEditorSession> {
    // A repeated query parameter arrives as an array: it can only fail to match.
    return this.sessions.resolve(token, templateId === undefined ? undefined : String(templateId));
  }

  async page(access: EditorAccess): Promise<string> {
    const model = await this.fields(access);
    return renderEditorPage({
      token: access.token,
      templateId: model.template_id,
      title: model.title,
      version: model.version,
      reviewRequired: model.review_required,
      reviewedAt: model.reviewed_at ?? null,
    });
  }

  async fields(access: EditorAccess): Promise<EditorFieldsResponse> {
    const { orgId, templateId } = await this.open(access);
    const view = await this.edits.getLatestForEditor(orgId, templateId);
    return {
      template_id: view.templateId,
      title: view.title,
      version: view.version,
      page_count: view.pageCount,
      review_required: view.reviewRequired,
      ...(view.reviewedAt ? { reviewed_at: view.reviewedAt } : {}),
      review_reasons: view.reviewReasons,
      fields: view.fields,
    };
  }

  /** The blank source PDF (every version of a template is drawn on the same bytes). */
  async pdf(access: EditorAccess): Promise<Buffer> {
    const { orgId, templateId } = await this.open(access);
    return this.edits.sourcePdf(orgId, templateId);
  }

  async save(access: EditorAccess, ip: string | null, body: ReplaceFieldsDto): Promise<ReplacedFieldsResponseDto> {
    const { orgId, templateId, sessionId } = await this.open(access);
    return this.edits.replaceFields({ kind: 'editor_session', sessionId, ip }, orgId, templateId, body);
  }

  async review(access: EditorAccess, ip: string | null): Promise<ReviewedTemplateResponseDto> {
    const { orgId, templateId, sessionId } = await this.open(access);
    return this.edits.markReviewed({ kind: 'editor_session', sessionId, ip }, orgId, templateId);
  }

  /** The patient's page for the latest saved version, rendered by the fill page's views, sending nothing. */
  async preview(access: EditorAccess): Promise<string> {
    return withPreviewBanner(renderFormPage(toPreviewModel(await this.fields(access))));
  }

  /** The organization's allowed framing origins; none for a token that does not open. */
  async frameAncestors(token: string): Promise<string[]> {
    return (await this.sessions.resolve(token)).frameAncestors;
  }
}
