import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppException } from 'src/common/errors/app.exception';
import { looksLikeId, newId } from 'src/common/ids/ids';
import { Settings } from 'src/config/settings';
import {
  brandColorProblem,
  LOGO_TYPES,
  logoFileName,
  MAX_LOGO_BYTES,
  sha256Hex,
  sniffLogo,
  type LogoType,
} from './brand';
import { CredentialChanges } from './credential-changes';
import { Organization } from './entities/organization.entity';
import { frameAncestorProblem } from './fill-embedding';
import { sanitizeSvgLogo, SvgLogoRefused } from './svg-logo';

export interface OrganizationPatch {
  name?: string;
  partnerApiEnabled?: boolean;
  importsDailyQuota?: number;
  editorFrameAncestors?: string[];
  fillFrameAncestors?: string[];
  /** null clears. */
  displayName?: string | null;
  brandColor?: string | null;
  /** The logo file in base64; null removes the logo. */
  logoBase64?: string | null;
}

/** What the fill page shows of an organization, and who may frame it. */
export interface OrganizationBrand {
  displayName: string | null;
  brandColor: string | null;
  /** Path of the logo on this origin (content-hashed), or null. */
  logoPath: string | null;
  fillFrameAncestors: string[];
}

export const LOGO_PATH_PREFIX = '/logos/';

@Injectable()
export class OrganizationsService {
  constructor(
    @InjectRepository(Organization) private readonly organizations: Repository<Organization>,
    private readonly settings: Settings,
    private readonly changes: CredentialChanges,
  ) {}

  create(input: { name: string; partnerApiEnabled?: boolean; importsDailyQuota?: number }): Promise<Organization> {
    return this.organizations.save(
      this.organizations.create({
        id: newId('org'),
        name: input.name,
        partnerApiEnabled: input.partnerApiEnabled ?? false,
        importsDailyQuota: input.importsDailyQuota ?? this.settings.IMPORTS_DAILY_QUOTA,
      }),
    );
  }

  list(): Promise<Organization[]> {
    return this.organizations.find({ order: { createdAt: 'DESC' } });
  }

  count(): Promise<number> {
    return this.organizations.count();
  }

  async get(orgId: string): Promise<Organization> {
    const org = await this.find(orgId);
    if (!org) throw AppException.notFound('organization');
    return org;
  }

  /** The organization, or null when there is none with this id. */
  find(orgId: string): Promise<Organization | null> {
    return looksLikeId('org', orgId) ? this.organizations.findOneBy({ id: orgId }) : Promise.resolve(null);
  }

  /** Everything is checked before anything is written: a refused logo leaves the colour unchanged too. */
  async update(orgId: string, patch: OrganizationPatch): Promise<Organization> {
    const org = await this.get(orgId);
    const { logoBase64, ...plain } = patch;
    for (const origin of plain.fillFrameAncestors ?? []) {
      const problem = frameAncestorProblem(origin, this.settings.ALLOW_INSECURE_OUTBOUND);
      if (problem) throw AppException.validation(problem);
    }
    if (plain.fillFrameAncestors) plain.fillFrameAncestors = [...new Set(plain.fillFrameAncestors)];
    if (plain.brandColor) {
      const problem = brandColorProblem(plain.brandColor);
      if (problem) throw AppException.validation(problem);
      plain.brandColor = plain.brandColor.toUpperCase();
    }
    if (plain.displayName !== undefined) plain.displayName = plain.displayName?.trim() || null;
    const logo = logoBase64 === undefined ? undefined : logoBase64 === null ? null : await checkedLogo(logoBase64);
    Object.assign(org, Object.fromEntries(Object.entries(plain).filter(([, v]) => v !== undefined)));
    if (logo !== undefined) {
      Object.assign(org, {
        logo: logo?.bytes ?? null,
        logoType: logo?.type ?? null,
        logoSha256: logo ? sha256Hex(logo.bytes) : null,
      });
    }
    const saved = await this.organizations.save(org);
    // Cached API keys carry the organization's name, quota and whether the Partner API is on.
    await this.changes.announce({ orgId });
    return saved;
  }

  /** The brand and frame ancestors of an organization (the fill page's header and CSP). */
  async brand(orgId: string): Promise<OrganizationBrand> {
    return brandOf(await this.get(orgId));
  }

  /** A logo by its content hash, for GET /logos/{sha256}.{png|svg}; null when no organization has it. */
  async logoByHash(sha256: string): Promise<{ bytes: Buffer; type: LogoType } | null> {
    if (!/^[0-9a-f]{64}$/.test(sha256)) return null;
    const row = await this.organizations
      .createQueryBuilder('o')
      .select(['o.id', 'o.logoType'])
      .addSelect('o.logo')
      .where('o.logo_sha256 = :sha256', { sha256 })
      .limit(1)
      .getOne();
    return row?.logo && row.logoType ? { bytes: row.logo, type: row.logoType } : null;
  }
}

export function brandOf(org: Organization): OrganizationBrand {
  return {
    displayName: org.displayName,
    brandColor: org.brandColor,
    logoPath:
      org.logoSha256 && org.logoType ? `${LOGO_PATH_PREFIX}${logoFileName(org.logoSha256, org.logoType)}` : null,
    fillFrameAncestors: org.fillFrameAncestors,
  };
}

/** The logo's bytes and type: PNG as sent, SVG sanitized; 400 naming `logo` for anything else. */
async function checkedLogo(base64: string): Promise<{ bytes: Buffer; type: LogoType }> {
  const clean = base64.replace(/^data:image\/(png|svg\+xml);base64,/, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 !== 0 || clean.length === 0) {
    throw AppException.validation('logo must be a PNG or SVG file in base64');
  }
  const bytes = Buffer.from(clean, 'base64');
  if (bytes.length > MAX_LOGO_BYTES) {
    throw AppException.validation(`logo is ${bytes.length} bytes; at most ${MAX_LOGO_BYTES} (200 KB) are accepted`);
  }
  const type = sniffLogo(bytes);
  if (!type) throw AppException.validation('logo must be a PNG or an SVG file (its bytes are neither)');
  if (type === LOGO_TYPES.png) return { bytes, type };
  try {
    return { bytes: await sanitizeSvgLogo(bytes), type };
  } catch (error) {
    if (error instanceof SvgLogoRefused) throw AppException.validation(error.message);
    throw error;
  }
}
