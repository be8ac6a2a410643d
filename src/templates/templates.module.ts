import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from 'src/audit/audit.module';
import { EventsModule } from 'src/events/events.module';
import { Template } from './entities/template.entity';
import { TemplateVersion } from './entities/template-version.entity';
import { TemplateEditsService } from './template-edits.service';
import { TemplatesAdminController } from './templates-admin.controller';
import { TemplatesController } from './templates.controller';
import { TemplateVersionCache } from './template-version-cache';
import { TemplatesService } from './templates.service';

@Module({
  imports: [TypeOrmModule.forFeature([Template, TemplateVersion]), EventsModule, AuditModule],
  controllers: [TemplatesController, TemplatesAdminController],
  providers: [TemplatesService, TemplateEditsService, TemplateVersionCache],
  exports: [TemplatesService, TemplateEditsService, TemplateVersionCache],
})
export class TemplatesModule {}
