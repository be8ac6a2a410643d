import { AuditLog } from 'src/audit/entities/audit-log.entity';
import { IdempotencyRecord } from 'src/common/idempotency/idempotency-record.entity';
import { EditorSession } from 'src/editor-sessions/entities/editor-session.entity';
import { Event } from 'src/events/entities/event.entity';
import { FillLink } from 'src/fill-links/entities/fill-link.entity';
import { FillDraft } from 'src/fill-page/entities/fill-draft.entity';
import { ImportQuotaUsage } from 'src/imports/entities/import-quota-usage.entity';
import { Import } from 'src/imports/entities/import.entity';
import { ApiKey } from 'src/organizations/entities/api-key.entity';
import { Organization } from 'src/organizations/entities/organization.entity';
import { CompletedPdf } from 'src/submissions/entities/completed-pdf.entity';
import { Submission } from 'src/submissions/entities/submission.entity';
import { TemplateVersion } from 'src/templates/entities/template-version.entity';
import { Template } from 'src/templates/entities/template.entity';
import { WebhookDeliveryAttempt } from 'src/webhooks/entities/webhook-delivery-attempt.entity';
import { WebhookDelivery } from 'src/webhooks/entities/webhook-delivery.entity';
import { Webhook } from 'src/webhooks/entities/webhook.entity';

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
  EditorSession,
  FillLink,
  FillDraft,
  Submission,
  CompletedPdf,
  AuditLog,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryAttempt,
];
