import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppException } from 'src/common/errors/app.exception';
import { looksLikeId, newId } from 'src/common/ids/ids';
import { Settings } from 'src/config/settings';
import { Organization } from './entities/organization.entity';

export interface OrganizationPatch {
  name?: string;
  partnerApiEnabled?: boolean;
  importsDailyQuota?: number;
  editorFrameAncestors?: string[];
}

@Injectable()
export class OrganizationsService {
  constructor(
    @InjectRepository(Organization) private readonly organizations: Repository<Organization>,
    private readonly settings: Settings,
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
    const org = looksLikeId('org', orgId) ? await this.organizations.findOneBy({ id: orgId }) : null;
    if (!org) throw AppException.notFound('organization');
    return org;
  }

  async update(orgId: string, patch: OrganizationPatch): Promise<Organization> {
    const org = await this.get(orgId);
    Object.assign(org, Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)));
    return this.organizations.save(org);
  }
}
