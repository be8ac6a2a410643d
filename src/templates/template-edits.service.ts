import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AuditService } from 'src/audit/audit.service';
import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';
import { newId } from 'src/common/ids/ids';
import { EventsService } from 'src/events/events.service';
import type { ReplaceFieldsDto, ReplacedFieldsResponseDto, ReviewedTemplateResponseDto } from './dto/template-edit.dto';
import { Template } from './entities/template.entity';
import { TemplateVersion } from './entities/template-version.entity';
import { applyFieldEdits, FieldEditError } from './field-edits';
import { editedReviewReasons } from './edited-review';
import { auditWho, type TemplateActor } from './template-actor';
import type { TemplateDetector, TemplateField } from './template-field';
import type { PageBox } from './page-boxes';
import type { TemplateFieldDto } from './dto/template.dto';
import { toFieldResponse } from './templates.mapper';
import { TemplatesService } from './templates.service';

/** The latest version as the editor page needs it. */
export interface EditorTemplateView {
  templateId: string;
  title: string;
  status: 'active' | 'retired';
  version: number;
  detector: TemplateDetector;
  pageCount: number;
  /** One per page, in page order: [x1, y1, x2, y2] in PDF user space (the space of `rect`), and /Rotate. */
  pageBoxes: PageBox[];
  /** The wire shape of GET /templates/{id}/fields. */
  fields: TemplateFieldDto[];
  reviewRequired: boolean;
  reviewedAt: string | null;
  reviewReasons: string[];
}

/** PUT /templates/{id}/fields and POST /templates/{id}/review (also used by the editor page). */
@Injectable()
export class TemplateEditsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly templates: TemplatesService,
    private readonly events: EventsService,
    private readonly audit: AuditService,
  ) {}

  /**
   * Writes version base_version + 1 with the given field map, its `template.updated` event and its audit row in
   * one transaction. Throws 404 NOT_FOUND (missing or another organization's template), 410 TEMPLATE_RETIRED,
   * 409 VERSION_CONFLICT with `latest_version` (base_version is not the latest: two saves from one base, one
   * wins), 400 VALIDATION_FAILED naming each entry and rule, with `field_errors: [{index, field, message}]`.
   */
  async replaceFields(
    actor: TemplateActor,
    orgId: string,
    templateId: string,
    body: ReplaceFieldsDto,
  ): Promise<ReplacedFieldsResponseDto> {
    const template = await this.templates.findOwned(orgId, templateId);
    assertActive(template);
    if (body.base_version !== template.latestVersion) throw versionConflict(template.latestVersion);
    const base = await this.templates.findVersion(template.id, body.base_version, true);
    if (!base) throw versionConflict(template.latestVersion);
    const pageBoxes = await this.templates.pageBoxesOf(base);
    let fields: TemplateField[];
    try {
      fields = applyFieldEdits({ version: base.version, fields: base.fields, pageBoxes }, body.fields, {
        field: () => newId('field'),
        question: () => newId('question'),
      });
    } catch (error) {
      if (error instanceof FieldEditError)
        throw new AppException(ErrorCode.ValidationFailed, error.message, { field_errors: error.problems });
      throw error;
    }
    const written = await this.dataSource.transaction(async (manager) => {
      const locked = await lockTemplate(manager, orgId, template.id);
      assertActive(locked);
      if (locked.latestVersion !== body.base_version) throw versionConflict(locked.latestVersion);
      locked.latestVersion += 1;
      await manager.save(locked);
      const version = await manager.save(
        manager.create(TemplateVersion, {
          id: newId('templateVersion'),
          templateId: locked.id,
          version: locked.latestVersion,
          importId: null,
          detector: 'edited',
          pageCount: base.pageCount,
          fieldCount: fields.length,
          fields,
          // A flag nobody cleared stays until someone reviews; a reviewed template stays reviewed by its editor.
          reviewRequired: base.reviewRequired && base.reviewedAt === null,
          reviewReasons: editedReviewReasons(fields, base.reviewReasons),
          warnings: base.warnings,
          pageBoxes,
          reviewedAt: null,
          sourcePdf: base.sourcePdf,
          sourcePdfSha256: base.sourcePdfSha256,
        }),
      );
      await this.events.record(manager, orgId, 'template.updated', {
        template_id: locked.id,
        version: version.version,
      });
      await this.audit.recordTemplate(manager, {
        orgId,
        templateId: locked.id,
        templateVersion: version.version,
        action: 'template.edited',
        ...auditWho(actor),
        ip: actor.ip,
      });
      return version;
    });
    return { template_id: template.id, version: written.version, fields: written.fields.map(toFieldResponse) };
  }

  /**
   * What the editor page shows: the latest version's fields (wire shape, as GET .../fields), page boxes, review
   * state and reasons. 404 for a missing or another organization's template (retired ones are returned: the
   * caller decides; EditorSessionsService.resolve already refuses them).
   */
  async getLatestForEditor(orgId: string, templateId: string): Promise<EditorTemplateView> {
    const template = await this.templates.findOwned(orgId, templateId);
    const latest = await this.templates.findVersion(template.id, template.latestVersion);
    if (!latest) throw AppException.notFound('template version');
    return {
      templateId: template.id,
      title: template.title,
      status: template.status,
      version: latest.version,
      detector: latest.detector,
      pageCount: latest.pageCount,
      pageBoxes: await this.templates.pageBoxesOf(latest),
      fields: latest.fields.map(toFieldResponse),
      reviewRequired: latest.reviewRequired && latest.reviewedAt === null,
      reviewedAt: latest.reviewedAt?.toISOString() ?? null,
      reviewReasons: latest.reviewReasons,
    };
  }

  /** The blank source PDF of a version (the latest when omitted): protected bytes, never log or cache publicly. */
  async sourcePdf(orgId: string, templateId: string, version?: number): Promise<Buffer> {
    const template = await this.templates.findOwned(orgId, templateId);
    const found = await this.templates.findVersion(template.id, version ?? template.latestVersion, true);
    if (!found) throw AppException.notFound('template version');
    return found.sourcePdf;
  }

  /**
   * Marks the latest version reviewed (the first time counts; later calls answer the same `reviewed_at`).
   * Audited every time. 404 for a missing or another organization's template, 410 TEMPLATE_RETIRED.
   */
  async markReviewed(actor: TemplateActor, orgId: string, templateId: string): Promise<ReviewedTemplateResponseDto> {
    const template = await this.templates.findOwned(orgId, templateId);
    assertActive(template);
    const version = await this.dataSource.transaction(async (manager) => {
      const locked = await lockTemplate(manager, orgId, template.id);
      assertActive(locked);
      const latest = await manager.findOneByOrFail(TemplateVersion, {
        templateId: locked.id,
        version: locked.latestVersion,
      });
      if (latest.reviewedAt === null) {
        latest.reviewedAt = new Date();
        await manager.update(TemplateVersion, latest.id, { reviewedAt: latest.reviewedAt });
      }
      await this.audit.recordTemplate(manager, {
        orgId,
        templateId: locked.id,
        templateVersion: latest.version,
        action: 'template.reviewed',
        ...auditWho(actor),
        ip: actor.ip,
      });
      return latest;
    });
    return {
      template_id: template.id,
      version: version.version,
      review_required: false,
      reviewed_at: version.reviewedAt!.toISOString(),
    };
  }
}

function assertActive(template: Template): void {
  if (template.status === 'retired')
    throw new AppException(ErrorCode.TemplateRetired, 'this template is retired: it can no longer be edited');
}

function versionConflict(latest: number): AppException {
  return new AppException(
    ErrorCode.VersionConflict,
    `base_version is not the latest version (${latest}): fetch the latest fields, apply your changes, and save again`,
    { latest_version: latest },
  );
}

/** Row lock on the template: edits, reviews and re-imports of one template take turns. */
function lockTemplate(manager: EntityManager, orgId: string, templateId: string): Promise<Template> {
  return manager
    .getRepository(Template)
    .createQueryBuilder('t')
    .setLock('pessimistic_write')
    .where('t.id = :id AND t.org_id = :orgId', { id: templateId, orgId })
    .getOneOrFail();
}
