import { Injectable } from '@nestjs/common';
import { AppException } from 'src/common/errors/app.exception';
import type { OpenFillLink } from 'src/fill-links/fill-links.service';
import { FillLinksService } from 'src/fill-links/fill-links.service';
import { checkSubmission } from 'src/submissions/answer-validation';
import { SubmissionsService } from 'src/submissions/submissions.service';
import type { FillFormModel } from './fill-form.model';
import type { SubmitFormDto } from './submit-form.dto';

/** The patient's side: the form of a link (latest template version, prefill applied) and its submission. */
@Injectable()
export class FillPageService {
  constructor(
    private readonly fillLinks: FillLinksService,
    private readonly submissions: SubmissionsService,
  ) {}

  async form(shortCode: string): Promise<FillFormModel> {
    return toFormModel(await this.fillLinks.findOpenByShortCode(shortCode));
  }

  /** Title for the confirmation page; the link may be exhausted by the very submission it confirms. */
  async title(shortCode: string): Promise<string> {
    try {
      return (await this.fillLinks.findOpenByShortCode(shortCode)).title;
    } catch (error) {
      if (error instanceof AppException) return 'Your form';
      throw error;
    }
  }

  async submit(shortCode: string, dto: SubmitFormDto): Promise<{ status: 'received' }> {
    const open = await this.fillLinks.findOpenByShortCode(shortCode);
    const checked = checkSubmission(open.version.fields, open.link.values, {
      answers: dto.answers ?? {},
      signatures: dto.signatures ?? {},
    });
    await this.submissions.create(open, checked);
    return { status: 'received' };
  }
}

export function toFormModel({ link, title, version }: OpenFillLink): FillFormModel {
  const prefill = new Map(link.values.map((v) => [v.field_id, v]));
  const fields = [...version.fields].sort((a, b) => a.page - b.page);
  return {
    short_code: link.shortCode,
    title,
    page_count: version.pageCount,
    fields: fields.map((f) => {
      const value = prefill.get(f.fieldId);
      return {
        field_id: f.fieldId,
        kind: f.kind,
        label: f.label,
        prompt: f.prompt,
        choice_label: f.choiceLabel,
        question_id: f.questionId,
        page: f.page,
        required: f.required,
        ...(value ? { value: value.value } : {}),
        locked: value?.locked ?? false,
      };
    }),
  };
}
