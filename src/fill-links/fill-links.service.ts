import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { CallerOrg } from 'src/common/auth/caller';
import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';
import { newId, randomBase62 } from 'src/common/ids/ids';
import { Settings } from 'src/config/settings';
import { isPrefillable } from '../shared/field-map';
import { redirectUrlProblem } from 'src/organizations/fill-embedding';
import { OrganizationsService } from 'src/organizations/organizations.service';
import { answerError, ruleMessage } from 'src/shared/answer-rules';
import { valueProblem } from 'src/templates/field-values';
import type { TemplateField } from 'src/templates/template-field';
import { TemplateVersionCache, type LiveVersion } from 'src/templates/template-version-cache';
import { TemplatesService } from 'src/templates/templates.service';
import type { CreateFillLinkDto, FillLinkResponseDto, PrefillValueDto } from './dto/create-fill-link.dto';
import { FillLink, type PrefillValue } from './entities/fill-link.entity';
import { findFillLinkWithTemplate } from './fill-link-lookup';
import { toFillLinkResponse } from './fill-links.mapper';

const DAY_MS = 86_400_000;

@Injectable()
export class FillLinksService {
  constructor(
    @InjectRepository(FillLink) private readonly links: Repository<FillLink>,
    private readonly templates: TemplatesService,
    private readonly versionCache: TemplateVersionCache,
    private readonly settings: Settings,
    private readonly organizations: OrganizationsService,
  ) {}

  async create(org: CallerOrg, dto: CreateFillLinkDto): Promise<FillLinkResponseDto> {
    const template = await this.templates.findOwned(org.id, dto.template_id);
    if (template.status !== 'active') throw AppException.notFound('template');
    const version = await this.templates.latestVersion(template.id);
    const values = checkPrefillValues(dto.values ?? [], version.fields);
    if (dto.redirect_url !== undefined) await this.checkRedirect(org.id, dto.redirect_url);
    const link = await this.links.save(
      this.links.create({
        id: newId('fillLink'),
        orgId: org.id,
        templateId: template.id,
        // Not guessable: the link opens a form that may carry prefill values.
        shortCode: randomBase62(10),
        expiresAt: dto.expires_in_days ? new Date(Date.now() + dto.expires_in_days * DAY_MS) : null,
        maxResponses: dto.max_responses ?? 0,
        responseCount: 0,
        externalRef: dto.external_ref ?? null,
        locale: dto.locale ?? null,
        redirectUrl: dto.redirect_url ?? null,
        values,
      }),
    );
    return toFillLinkResponse(link, this.settings);
  }

  private async checkRedirect(orgId: string, redirectUrl: string): Promise<void> {
    const { fillFrameAncestors } = await this.organizations.brand(orgId);
    const problem = redirectUrlProblem(redirectUrl, fillFrameAncestors, this.settings.ALLOW_INSECURE_OUTBOUND);
    if (problem) throw AppException.validation(problem);
  }

  /**
   * The link behind a short code with its template's latest version, if it still takes responses.
   * Unknown: 404. Expired, exhausted or retired: 410 with `reason` for the page to explain.
   */
  /** The link of a short code whatever its state (expired, used up), or null. */
  async findByShortCode(shortCode: string): Promise<FillLink | null> {
    return /^[0-9A-Za-z]{10}$/.test(shortCode) ? await this.links.findOneBy({ shortCode }) : null;
  }

  async findOpenByShortCode(shortCode: string): Promise<OpenFillLink> {
    const found = /^[0-9A-Za-z]{10}$/.test(shortCode)
      ? await findFillLinkWithTemplate(this.links.manager, shortCode)
      : null;
    if (!found) throw AppException.notFound('form link');
    const { link } = found;
    if (found.templateStatus !== 'active') throw gone('retired');
    if (link.expiresAt && link.expiresAt.getTime() <= Date.now()) throw gone('expired');
    if (link.maxResponses > 0 && link.responseCount >= link.maxResponses) throw gone('exhausted');
    // Versions are immutable: the process's cache holds the field map.
    const version = await this.versionCache.liveVersion(found.latestVersionId);
    if (!version) throw AppException.notFound('form link');
    return { link, title: found.templateTitle, version };
  }
}

export type GoneReason = 'expired' | 'exhausted' | 'retired';

export interface OpenFillLink {
  link: FillLink;
  title: string;
  version: LiveVersion;
}

const GONE_MESSAGES: Record<GoneReason, string> = {
  expired: 'this form link has expired',
  exhausted: 'this form link has already received all the responses it accepts',
  retired: 'this form is no longer in use',
};

export function gone(reason: GoneReason): AppException {
  return new AppException(ErrorCode.Gone, GONE_MESSAGES[reason], { reason });
}

/**
 * Every value is checked against the latest field map. Fields the map does not accept are reported together
 * (422 INVALID_VALUES); then each value's type is checked against its kind (400 naming the field).
 */
export function checkPrefillValues(values: PrefillValueDto[], fields: TemplateField[]): PrefillValue[] {
  const byId = new Map(fields.map((f) => [f.fieldId, f]));
  const invalid = values.flatMap((v) => {
    const field = byId.get(v.field_id);
    if (!field) return [{ field_id: v.field_id, reason: 'unknown_field' }];
    return isPrefillable(field.kind) ? [] : [{ field_id: v.field_id, reason: 'not_prefillable' }];
  });
  if (invalid.length) {
    throw new AppException(
      ErrorCode.InvalidValues,
      `${invalid.length} value(s) name fields the template's current field map does not accept: fetch the fields again`,
      { invalid_values: invalid },
    );
  }
  const problems: string[] = [];
  const seen = new Set<string>();
  const chosen = new Map<string, number>();
  for (const v of values) {
    const field = byId.get(v.field_id)!;
    if (seen.has(v.field_id)) problems.push(`values: field ${v.field_id} is given twice`);
    seen.add(v.field_id);
    const problem = valueProblem(field.kind, v.value, false);
    const rule = !problem && typeof v.value === 'string' ? answerError(field, v.value) : null;
    if (problem) problems.push(`values: field ${v.field_id} ${problem}`);
    else if (rule) problems.push(`values: field ${v.field_id} ${ruleMessage(rule)}`);
    if (field.kind === 'select_one' && v.value === true && field.questionId) {
      chosen.set(field.questionId, (chosen.get(field.questionId) ?? 0) + 1);
    }
  }
  for (const [questionId, count] of chosen) {
    if (count > 1) problems.push(`values: question ${questionId} takes one choice, ${count} are true`);
  }
  if (problems.length) throw AppException.validation(problems.join('; '));
  return values.map((v) => ({ field_id: v.field_id, value: v.value as string | boolean, locked: v.locked ?? false }));
}
