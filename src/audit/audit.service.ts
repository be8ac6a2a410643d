import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { Repository } from 'typeorm';
import { AuditLog, type AuditAction } from './entities/audit-log.entity';

export interface TemplateAuditEntry {
  orgId: string;
  templateId: string;
  templateVersion: number;
  action: Extract<AuditAction, 'template.edited' | 'template.reviewed' | 'editor_session.created'>;
  /** Exactly who: an API key, an editor session, or neither (an internal admin). */
  apiKeyId: string | null;
  editorSessionId: string | null;
  ip: string | null;
}

@Injectable()
export class AuditService {
  constructor(@InjectRepository(AuditLog) private readonly log: Repository<AuditLog>) {}

  async record(entry: {
    orgId: string;
    submissionId: string;
    action: AuditAction;
    apiKeyId: string | null;
    ip: string | null;
  }): Promise<void> {
    await this.log.insert(entry);
  }

  /** A template action, written in the caller's transaction so it stands or falls with the change. */
  async recordTemplate(manager: EntityManager, entry: TemplateAuditEntry): Promise<void> {
    await manager.insert(AuditLog, entry);
  }

  forSubmission(submissionId: string): Promise<AuditLog[]> {
    return this.log.find({ where: { submissionId }, order: { id: 'ASC' } });
  }

  forTemplate(orgId: string, templateId: string): Promise<AuditLog[]> {
    return this.log.find({ where: { orgId, templateId }, order: { id: 'ASC' } });
  }
}
