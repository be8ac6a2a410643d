import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { EntityManager, Repository } from 'typeorm';
import type { CallerOrg } from 'src/common/auth/caller';
import { AppException } from 'src/common/errors/app.exception';
import { looksLikeId, newId } from 'src/common/ids/ids';
import type { DetectionResult, Detector } from '../shared/field-map';
import type {
  RetiredTemplateResponseDto,
  TemplateFieldsResponseDto,
  TemplateListResponseDto,
} from './dto/template.dto';
import { Template } from './entities/template.entity';
import { TemplateVersion } from './entities/template-version.entity';
import { withPublicIds } from './template-field';
import { readPageBoxes, type PageBox } from './page-boxes';
import { carryOverFromPrevious, type ReimportOutcome } from './reimport-versions';
import { toFieldResponse, toTemplateResponse } from './templates.mapper';

export interface NewVersionInput {
  orgId: string;
  importId: string;
  /** Re-import: add a version to this template; else a new template is created. */
  templateId: string | null;
  title: string;
  sourceFilename: string;
  detection: DetectionResult;
  pdf: Buffer;
}

@Injectable()
export class TemplatesService {
  constructor(
    @InjectRepository(Template) private readonly templates: Repository<Template>,
    @InjectRepository(TemplateVersion) private readonly versions: Repository<TemplateVersion>,
  ) {}

  /** Called inside the import's transaction, so the template and the import's success stand or fall together. */
  async createVersion(
    manager: EntityManager,
    input: NewVersionInput,
  ): Promise<{ template: Template; version: TemplateVersion & { detector: Detector }; carriedOver: number | null }> {
    let template: Template;
    if (input.templateId) {
      const locked = await manager
        .getRepository(Template)
        .createQueryBuilder('t')
        .setLock('pessimistic_write')
        .where('t.id = :id AND t.org_id = :orgId', { id: input.templateId, orgId: input.orgId })
        .getOne();
      if (!locked) throw AppException.notFound('template');
      locked.latestVersion += 1;
      template = await manager.save(locked);
    } else {
      template = await manager.save(
        manager.create(Template, {
          id: newId('template'),
          orgId: input.orgId,
          title: input.title,
          sourceFilename: input.sourceFilename,
          status: 'active',
          retiredAt: null,
          latestVersion: 1,
        }),
      );
    }
    let fields = withPublicIds(input.detection);
    let reimport: ReimportOutcome | undefined;
    if (input.templateId) {
      const previous = template.latestVersion - 1;
      reimport = await carryOverFromPrevious(manager, template.id, previous, fields, () => newId('question'));
      fields = reimport.fields;
    }
    const reasons = [...input.detection.reviewReasons, ...(reimport?.reasons ?? [])];
    const version = await manager.save(
      manager.create(TemplateVersion, {
        id: newId('templateVersion'),
        templateId: template.id,
        version: template.latestVersion,
        importId: input.importId,
        detector: input.detection.detector,
        pageCount: input.detection.pageCount,
        fieldCount: fields.length,
        fields,
        reviewRequired: input.detection.reviewRequired || reasons.length > input.detection.reviewReasons.length,
        reviewReasons: reasons,
        warnings: input.detection.warnings,
        pageBoxes: await readPageBoxes(input.pdf).catch(() => null),
        reviewedAt: reimport?.reviewedAt ?? null,
        sourcePdf: input.pdf,
        sourcePdfSha256: createHash('sha256').update(input.pdf).digest('hex'),
      }),
    );
    return {
      template,
      version: Object.assign(version, { detector: input.detection.detector }),
      carriedOver: reimport?.carriedOver ?? null,
    };
  }

  async list(org: CallerOrg): Promise<TemplateListResponseDto> {
    const templates = await this.templates.find({
      where: { orgId: org.id, status: 'active' },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    if (templates.length === 0) return { templates: [] };
    const latest = await this.versions
      .createQueryBuilder('v')
      .innerJoin(Template, 't', 't.id = v.template_id AND t.latest_version = v.version')
      .where('t.org_id = :orgId AND t.status = :status', { orgId: org.id, status: 'active' })
      .getMany();
    const byTemplate = new Map(latest.map((v) => [v.templateId, v]));
    return {
      templates: templates.filter((t) => byTemplate.has(t.id)).map((t) => toTemplateResponse(t, byTemplate.get(t.id)!)),
    };
  }

  async getFields(org: CallerOrg, templateId: string, version?: number): Promise<TemplateFieldsResponseDto> {
    const template = await this.findOwned(org.id, templateId);
    const found = await this.versions.findOneBy({
      templateId: template.id,
      version: version ?? template.latestVersion,
    });
    if (!found) throw AppException.notFound(`version ${version} of template`);
    return { template_id: template.id, version: found.version, fields: found.fields.map(toFieldResponse) };
  }

  /** A template of the organization, active or retired; another organization's id is a 404. */
  async findOwned(orgId: string, templateId: string): Promise<Template> {
    const template = looksLikeId('template', templateId)
      ? await this.templates.findOneBy({ id: templateId, orgId })
      : null;
    if (!template) throw AppException.notFound('template');
    return template;
  }

  /** A template of any organization (internal admins), active or retired; 404 when missing. */
  async findById(templateId: string): Promise<Template> {
    const template = looksLikeId('template', templateId) ? await this.templates.findOneBy({ id: templateId }) : null;
    if (!template) throw AppException.notFound('template');
    return template;
  }

  /** The latest version's field map (fill links always serve the latest version). */
  async latestVersion(templateId: string): Promise<TemplateVersion> {
    return this.versions
      .createQueryBuilder('v')
      .innerJoin(Template, 't', 't.id = v.template_id AND t.latest_version = v.version')
      .where('v.template_id = :templateId', { templateId })
      .getOneOrFail();
  }

  /** Version `version` of a template (with its source PDF when asked), or null. */
  async findVersion(templateId: string, version: number, withPdf = false): Promise<TemplateVersion | null> {
    const query = this.versions
      .createQueryBuilder('v')
      .where('v.template_id = :templateId AND v.version = :version', { templateId, version });
    if (withPdf) query.addSelect('v.sourcePdf');
    return query.getOne();
  }

  /**
   * The version's page boxes. Versions written before edits existed have none stored: they are read from the
   * source PDF (which passed the sandbox's preflight and detection at import) once, and stored.
   */
  async pageBoxesOf(version: TemplateVersion): Promise<PageBox[]> {
    if (version.pageBoxes) return version.pageBoxes;
    const pdf = (version.sourcePdf as Buffer | undefined) ?? (await this.versionWithPdf(version.id))?.sourcePdf;
    if (!pdf) throw new Error(`template version ${version.id} has no source PDF`);
    const boxes = await readPageBoxes(pdf);
    await this.versions.update(version.id, { pageBoxes: boxes });
    version.pageBoxes = boxes;
    return boxes;
  }

  /** A version with its source PDF, for rendering a completed PDF. */
  async versionWithPdf(versionId: string): Promise<TemplateVersion | null> {
    return this.versions
      .createQueryBuilder('v')
      .addSelect('v.sourcePdf')
      .where('v.id = :versionId', { versionId })
      .getOne();
  }

  async retire(templateId: string): Promise<RetiredTemplateResponseDto> {
    const template = await this.findById(templateId);
    if (template.status !== 'retired') {
      template.status = 'retired';
      template.retiredAt = new Date();
      await this.templates.save(template);
    }
    return { template_id: template.id, status: template.status, retired_at: template.retiredAt!.toISOString() };
  }
}
