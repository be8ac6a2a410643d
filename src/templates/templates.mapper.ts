import type { TemplateFieldDto, TemplateResponseDto } from './dto/template.dto';
import type { Template } from './entities/template.entity';
import type { TemplateVersion } from './entities/template-version.entity';
import type { TemplateField } from './template-field';
import { isChoiceKind, isPrefillable } from '../shared/field-map';

const round = (n: number) => Math.round(n * 100) / 100;

export function toTemplateResponse(template: Template, latest: TemplateVersion): TemplateResponseDto {
  return {
    template_id: template.id,
    title: template.title,
    source_filename: template.sourceFilename,
    page_count: latest.pageCount,
    field_count: latest.fieldCount,
    detector: latest.detector,
    version: latest.version,
    review_required: latest.reviewRequired && latest.reviewedAt === null,
    ...(latest.reviewedAt ? { reviewed_at: latest.reviewedAt.toISOString() } : {}),
    created_at: template.createdAt.toISOString(),
    updated_at: template.updatedAt.toISOString(),
  };
}

export function toFieldResponse(field: TemplateField): TemplateFieldDto {
  return {
    field_id: field.fieldId,
    kind: field.kind,
    prompt: field.prompt,
    label: field.label,
    choice_label: field.choiceLabel,
    question_id: field.questionId,
    page: field.page,
    prefillable: isPrefillable(field.kind),
    rect: [round(field.rect[0]), round(field.rect[1]), round(field.rect[2]), round(field.rect[3])],
    required: field.required,
    confidence: round(field.confidence),
    ...(isChoiceKind(field.kind) ? { mark: field.mark ?? 'check' } : {}),
    section: field.section ?? '',
    format: field.format ?? null,
    condition: field.condition ? { field_id: field.condition.fieldId, equals: true } : null,
  };
}
