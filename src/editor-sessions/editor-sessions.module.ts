import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from 'src/audit/audit.module';
import { OrganizationsModule } from 'src/organizations/organizations.module';
import { TemplatesModule } from 'src/templates/templates.module';
import { EditorSessionClock } from './editor-session-clock';
import { EditorSessionsAdminController } from './editor-sessions-admin.controller';
import { EditorSessionsController } from './editor-sessions.controller';
import { EditorSessionsService } from './editor-sessions.service';
import { EditorSession } from './entities/editor-session.entity';

/**
 * Editor sessions (links to the template editor page). Exports EditorSessionsService (resolve a token) and
 * re-exports TemplatesModule (TemplateEditsService: the editor's reads and writes). See README-editor-api.md.
 */
@Module({
  imports: [TypeOrmModule.forFeature([EditorSession]), OrganizationsModule, TemplatesModule, AuditModule],
  controllers: [EditorSessionsController, EditorSessionsAdminController],
  providers: [EditorSessionsService, EditorSessionClock],
  exports: [EditorSessionsService, EditorSessionClock, TemplatesModule],
})
export class EditorSessionsModule {}
