import type { EventType } from './entities/event.entity';

/** The data keys of each event kind (partner-api.md, Events). Kinds added later pass their data through. */
const DATA_KEYS: Record<EventType, readonly string[]> = {
  'import.completed': ['import_id', 'template_id', 'page_count', 'field_count', 'review_required'],
  'import.failed': ['import_id', 'error'],
  'submission.created': ['submission_id', 'template_id', 'fill_link_id', 'external_ref', 'retrieve_url'],
  'submission.pdf_ready': ['submission_id', 'template_id', 'external_ref', 'pdf_url'],
  'template.updated': ['template_id', 'version'],
  test: ['webhook_id'],
};

export interface EnvelopeSource {
  type: string;
  orgId: string;
  createdAt: Date;
  data: Record<string, unknown>;
}

export interface Envelope {
  event: string;
  timestamp: string;
  org_id: string;
  data: Record<string, unknown>;
}

/**
 * `{event, timestamp, org_id, data}` and nothing else. `data` is cut down to the keys the spec lists for the kind,
 * so nothing beyond ids and URLs (never answers or prefill values) can leave by accident. The events feed lists
 * the same objects.
 */
export function envelope(event: EnvelopeSource): Envelope {
  const keys = (DATA_KEYS as Partial<Record<string, readonly string[]>>)[event.type];
  const data = keys
    ? Object.fromEntries(keys.filter((key) => key in event.data).map((key) => [key, event.data[key]]))
    : event.data;
  return { event: event.type, timestamp: event.createdAt.toISOString(), org_id: event.orgId, data };
}

/** The request body of a delivery. Deterministic for one event row, so every attempt sends the same bytes. */
export function envelopeBody(event: EnvelopeSource): string {
  return JSON.stringify(envelope(event));
}
