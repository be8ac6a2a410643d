import type { EntityManager } from 'typeorm';
import { encryptedJson } from 'src/common/crypto/encrypted-column';
import { FillLink, type PrefillValue } from './entities/fill-link.entity';

/** A fill link with what opening it needs of its template. */
export interface FillLinkWithTemplate {
  link: FillLink;
  templateTitle: string;
  templateStatus: string;
  latestVersionId: string;
}

interface Row {
  id: string;
  org_id: string;
  template_id: string;
  short_code: string;
  expires_at: Date | null;
  max_responses: number;
  response_count: number;
  external_ref: string | null;
  locale: string | null;
  redirect_url: string | null;
  values: Buffer;
  created_at: Date;
  updated_at: Date;
  template_title: string;
  template_status: string;
  latest_version_id: string;
}

/**
 * The link behind a short code, its template's title and state and its latest version's id, in one query.
 * Plain SQL: every page view and submit runs it, and TypeORM's query builder cost more CPU than the query.
 */
export async function findFillLinkWithTemplate(
  db: Pick<EntityManager, 'query'>,
  shortCode: string,
): Promise<FillLinkWithTemplate | null> {
  const rows: Row[] = await db.query(
    `SELECT l.id, l.org_id, l.template_id, l.short_code, l.expires_at, l.max_responses, l.response_count,
            l.external_ref, l.locale, l.redirect_url, l.values, l.created_at, l.updated_at,
            t.title AS template_title, t.status AS template_status, v.id AS latest_version_id
       FROM fill_links l
       JOIN templates t ON t.id = l.template_id AND t.org_id = l.org_id
       JOIN template_versions v ON v.template_id = t.id AND v.version = t.latest_version
      WHERE l.short_code = $1`,
    [shortCode],
  );
  const row = rows[0];
  if (!row) return null;
  const link = Object.assign(new FillLink(), {
    id: row.id,
    orgId: row.org_id,
    templateId: row.template_id,
    shortCode: row.short_code,
    expiresAt: row.expires_at,
    maxResponses: row.max_responses,
    responseCount: row.response_count,
    externalRef: row.external_ref,
    locale: row.locale,
    redirectUrl: row.redirect_url,
    values: encryptedJson.from(row.values) as PrefillValue[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
  return {
    link,
    templateTitle: row.template_title,
    templateStatus: row.template_status,
    latestVersionId: row.latest_version_id,
  };
}
