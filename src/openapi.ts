import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

/** Tags in the order Swagger UI shows them; tags not listed here follow. */
export const API_TAGS: ReadonlyArray<[string, string]> = [
  ['Imports', 'Blank PDF in, template out'],
  ['Templates', 'Versioned field maps'],
  ['Fill links', 'Links a patient opens, with prefill values'],
  ['Submissions', 'Answers and completed PDFs'],
  ['Webhooks', 'Signed event deliveries'],
  ['FHIR', 'Templates as Questionnaires, submissions as QuestionnaireResponses (FHIR R4)'],
  ['Authentication', 'Check an API key'],
  ['Fill page (public)', "The patient's page, as JSON (no API key)"],
  ['Admin', 'Deployment administration (ADMIN_TOKEN)'],
  ['Operations', 'Health of the deployment'],
];

/** The OpenAPI 3 document, generated from the controllers and DTOs. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Hosted fillable forms: Partner API')
    .setDescription(
      'Turn a blank PDF intake form into a hosted, mobile-friendly fillable form; collect submissions; ' +
        'retrieve structured answers and the completed PDF; receive signed webhooks.\n\n' +
        'Authenticate with `Authorization: Bearer edfk_live_...`. Each route names the scope it needs. ' +
        'Errors have one shape: `{"error": "...", "code": "..."}`.',
    )
    .setVersion('v1 (beta)')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'Partner API key (edfk_live_...)' }, 'api-key')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN of the deployment' }, 'admin-token');
  // Swagger UI lists tags in this order: a partner's journey first, the deployment's own routes last.
  for (const [name, description] of API_TAGS) config.addTag(name, description);
  return SwaggerModule.createDocument(app, config.build(), {
    operationIdFactory: (controllerKey, methodKey) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
  });
}

export function mountOpenApi(app: INestApplication): void {
  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'openapi.json',
    customSiteTitle: 'Partner API docs',
  });
}
