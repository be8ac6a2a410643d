import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKeysService } from './api-keys.service';
import { ApiKey } from './entities/api-key.entity';
import { Organization } from './entities/organization.entity';
import { OrganizationsService } from './organizations.service';

@Module({
  imports: [TypeOrmModule.forFeature([Organization, ApiKey])],
  providers: [OrganizationsService, ApiKeysService],
  exports: [OrganizationsService, ApiKeysService],
})
export class OrganizationsModule {}
