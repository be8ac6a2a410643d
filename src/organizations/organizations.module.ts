import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKeysService } from './api-keys.service';
import { CredentialChanges } from './credential-changes';
import { ApiKey } from './entities/api-key.entity';
import { Organization } from './entities/organization.entity';
import { LogosController } from './logos.controller';
import { OrganizationsService } from './organizations.service';

@Module({
  imports: [TypeOrmModule.forFeature([Organization, ApiKey])],
  controllers: [LogosController],
  providers: [OrganizationsService, ApiKeysService, CredentialChanges],
  exports: [OrganizationsService, ApiKeysService],
})
export class OrganizationsModule {}
