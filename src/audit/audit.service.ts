import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AuditLog, type AuditAction } from './entities/audit-log.entity';

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

  forSubmission(submissionId: string): Promise<AuditLog[]> {
    return this.log.find({ where: { submissionId }, order: { id: 'ASC' } });
  }
}
