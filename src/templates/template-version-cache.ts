import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { Repository } from 'typeorm';
import { TemplateVersion } from './entities/template-version.entity';
import type { TemplateField } from './template-field';

/** What the patient's page and a submit need from a version. */
export type LiveVersion = Pick<TemplateVersion, 'id' | 'version' | 'pageCount' | 'fields'>;

/** What rendering a completed PDF needs from a version. */
export interface RenderSource {
  pdf: Buffer;
  fields: TemplateField[];
}

/** Memory a process gives each cache: a few hundred typical forms. */
const CACHE_BYTES = 64 * 1024 * 1024;
/** A rough size of one field in memory, so field maps are bounded like PDFs. */
const FIELD_BYTES = 1024;

/**
 * A version's field map and blank PDF never change (an edit makes a new version; only its review date and
 * page boxes are written later, and neither is kept here), so each process keeps the recent ones: a submit
 * does not read and parse the field map again, and a render does not read the blank PDF from PostgreSQL.
 * Blank forms and field maps hold no patient data. Concurrent misses of one version share one query.
 */
@Injectable()
export class TemplateVersionCache {
  private readonly live: LRUCache<string, LiveVersion>;
  private readonly sources: LRUCache<string, RenderSource>;

  constructor(@InjectRepository(TemplateVersion) versions: Repository<TemplateVersion>) {
    this.live = new LRUCache<string, LiveVersion>({
      maxSize: CACHE_BYTES,
      sizeCalculation: (version) => 1 + version.fields.length * FIELD_BYTES,
      fetchMethod: async (id) =>
        (await versions.findOne({ where: { id }, select: ['id', 'version', 'pageCount', 'fields'] })) ?? undefined,
    });
    this.sources = new LRUCache<string, RenderSource>({
      maxSize: CACHE_BYTES,
      sizeCalculation: (source) => 1 + source.pdf.length + source.fields.length * FIELD_BYTES,
      fetchMethod: async (id) => {
        const version = await versions.findOne({ where: { id }, select: ['id', 'fields', 'sourcePdf'] });
        return version ? { pdf: version.sourcePdf, fields: version.fields } : undefined;
      },
    });
  }

  /** The version's number, page count and field map, or undefined when it does not exist. */
  liveVersion(versionId: string): Promise<LiveVersion | undefined> {
    return this.live.fetch(versionId);
  }

  /** The version's blank PDF and field map, or undefined when it does not exist. */
  renderSource(versionId: string): Promise<RenderSource | undefined> {
    return this.sources.fetch(versionId);
  }
}
