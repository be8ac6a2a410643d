import { Controller, Get, Header, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Questionnaire, QuestionnaireResponse } from '@medplum/fhirtypes';
import { CurrentOrg, RequireScopes } from 'src/common/auth/auth.decorators';
import type { CallerOrg } from 'src/common/auth/caller';
import { ApiErrorResponses } from 'src/common/openapi/api-error-responses.decorator';
import { TemplateFieldsQueryDto } from 'src/templates/dto/template.dto';
import { FhirService } from './fhir.service';
import { QUESTIONNAIRE_EXAMPLE, QUESTIONNAIRE_RESPONSE_EXAMPLE } from './openapi-examples';

export const FHIR_JSON = 'application/fhir+json';

/** A FHIR resource in OpenAPI: its shape is the FHIR R4 specification's, referenced rather than copied. */
function fhirContent(resourceType: string, page: string, example: object) {
  return {
    [FHIR_JSON]: {
      schema: {
        type: 'object',
        description: `A FHIR R4 ${resourceType}: https://hl7.org/fhir/R4/${page}.html (JSON schema: https://hl7.org/fhir/R4/fhir.schema.json#/definitions/${resourceType})`,
        externalDocs: { description: `FHIR R4 ${resourceType}`, url: `https://hl7.org/fhir/R4/${page}.html` },
        required: ['resourceType'],
        properties: { resourceType: { type: 'string', enum: [resourceType] } },
        additionalProperties: true,
      },
      example,
    },
  };
}

/** The FHIR media type on success only: an error keeps the service's one JSON error shape and its type. */
async function fhirJson<T>(res: Response, resource: Promise<T>): Promise<T> {
  const found = await resource;
  res.type(FHIR_JSON);
  return found;
}

@ApiTags('FHIR')
@ApiErrorResponses(401, 403, 429)
@Controller('api/v1')
export class FhirController {
  constructor(private readonly fhir: FhirService) {}

  @Get('templates/:template_id/questionnaire')
  @RequireScopes('templates:read')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'A template version as a FHIR R4 Questionnaire',
    description:
      'Scope: templates:read. The latest version unless `version` is given; also for retired templates (status ' +
      '"retired"). id `{template_id}-{version}` with `-` for `_`; url `{PUBLIC_BASE_URL}/fhir/Questionnaire/' +
      '{template_id}` for every version. One group item per printed section (linkId section-1, ...); one item ' +
      'per question with linkId = question_id; choice options are valueCodings with system `{url}/options` and ' +
      'code = the option field_id; conditions become enableWhen; signature fields are left out.',
  })
  @ApiProduces(FHIR_JSON)
  @ApiOkResponse({
    description: 'FHIR R4 Questionnaire',
    content: fhirContent('Questionnaire', 'questionnaire', QUESTIONNAIRE_EXAMPLE),
  })
  @ApiErrorResponses(400, 404)
  questionnaire(
    @CurrentOrg() org: CallerOrg,
    @Param('template_id') templateId: string,
    @Query() query: TemplateFieldsQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Questionnaire> {
    return fhirJson(res, this.fhir.questionnaire(org, templateId, query.version));
  }

  @Get('submissions/:submission_id/questionnaire-response')
  @RequireScopes('submissions:read')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'A submission as a FHIR R4 QuestionnaireResponse',
    description:
      'Scope: submissions:read. Answers the Questionnaire of the version filled (`questionnaire` = ' +
      '`{url}|{version}`): answered questions only, nested as in the Questionnaire, one valueCoding per ticked ' +
      'option; `identifier` carries external_ref. The completed PDF stays the document of record.',
  })
  @ApiProduces(FHIR_JSON)
  @ApiOkResponse({
    description: 'FHIR R4 QuestionnaireResponse',
    content: fhirContent('QuestionnaireResponse', 'questionnaireresponse', QUESTIONNAIRE_RESPONSE_EXAMPLE),
  })
  @ApiErrorResponses(404)
  questionnaireResponse(
    @CurrentOrg() org: CallerOrg,
    @Param('submission_id') submissionId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<QuestionnaireResponse> {
    return fhirJson(res, this.fhir.questionnaireResponse(org, submissionId));
  }
}
