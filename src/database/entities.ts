import { IdempotencyRecord } from 'src/common/idempotency/idempotency-record.entity';
import { Event } from 'src/events/entities/event.entity';
import { ImportQuotaUsage } from 'src/imports/entities/import-quota-usage.entity';
import { Import } from 'src/imports/entities/import.entity';
import { ApiKey } from 'src/organizations/entities/api-key.entity';
import { Organization } from 'src/organizations/entities/organization.entity';
import { TemplateVersion } from 'src/templates/entities/template-version.entity';
import { Template } from 'src/templates/entities/template.entity';

/** Every entity of the service, listed once for the app and the migration CLI. */
export const ENTITIES = [
  Organization,
  ApiKey,
  IdempotencyRecord,
  Event,
  Import,
  ImportQuotaUsage,
  Template,
  TemplateVersion,
];
