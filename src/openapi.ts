import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

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
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN of the deployment' }, 'admin-token')
    .build();
  return SwaggerModule.createDocument(app, config, {
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
