import { Injectable } from '@nestjs/common';
import type { Questionnaire, QuestionnaireResponse } from '@medplum/fhirtypes';
import type { CallerOrg } from 'src/common/auth/caller';
import { AppException } from 'src/common/errors/app.exception';
import { Settings } from 'src/config/settings';
import { SubmissionsService } from 'src/submissions/submissions.service';
import { TemplatesService } from 'src/templates/templates.service';
import { toQuestionnaireResponse } from './questionnaire-response';
import { toQuestionnaire } from './questionnaire';

/** Templates and submissions as FHIR R4 resources: reads through their modules' services, maps in plain code. */
@Injectable()
export class FhirService {
  constructor(
    private readonly templates: TemplatesService,
    private readonly submissions: SubmissionsService,
    private readonly settings: Settings,
  ) {}

  /** Version `version` (the latest when omitted) of a template of the organization, active or retired. */
  async questionnaire(org: CallerOrg, templateId: string, version?: number): Promise<Questionnaire> {
    const template = await this.templates.findOwned(org.id, templateId);
    const found = await this.templates.findVersion(template.id, version ?? template.latestVersion);
    if (!found) throw AppException.notFound(`version ${version} of template`);
    return toQuestionnaire({
      baseUrl: this.settings.PUBLIC_BASE_URL,
      templateId: template.id,
      title: template.title,
      retired: template.status === 'retired',
      version: found.version,
      createdAt: found.createdAt,
      fields: found.fields,
    });
  }

  /** A submission of the organization, against the version it was made with. */
  async questionnaireResponse(org: CallerOrg, submissionId: string): Promise<QuestionnaireResponse> {
    const submission = await this.submissions.findOwned(org.id, submissionId, true);
    const version = await this.templates.findVersion(submission.templateId, submission.templateVersion);
    if (!version) throw new Error(`submission ${submission.id} has no template version ${submission.templateVersion}`);
    return toQuestionnaireResponse({
      baseUrl: this.settings.PUBLIC_BASE_URL,
      submissionId: submission.id,
      templateId: submission.templateId,
      version: submission.templateVersion,
      submittedAt: submission.submittedAt,
      externalRef: submission.externalRef,
      fields: version.fields,
      answers: submission.answers,
    });
  }
}
