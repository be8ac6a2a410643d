import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { Queue } from 'bull';
import { DataSource, Repository } from 'typeorm';
import type { Caller, CallerOrg } from 'src/common/auth/caller';
import { AppException } from 'src/common/errors/app.exception';
import { checkOutboundUrl } from 'src/common/http/outbound-guard';
import { looksLikeId, newId } from 'src/common/ids/ids';
import { Settings } from 'src/config/settings';
import { enqueueAfterCommit } from 'src/queue/enqueue-after-commit';
import { QUEUES, type DetectionJob } from 'src/queue/queues';
import { TemplatesService } from 'src/templates/templates.service';
import type { CreateImportDto } from './dto/create-import.dto';
import type { ImportResponseDto } from './dto/import-response.dto';
import { Import } from './entities/import.entity';
import { takeImportQuota } from './import-quota';
import { toImportResponse } from './imports.mapper';
import { decodePdfBase64 } from './pdf-upload';

@Injectable()
export class ImportsService {
  constructor(
    @InjectRepository(Import) private readonly imports: Repository<Import>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(QUEUES.detection) private readonly detectionQueue: Queue<DetectionJob>,
    private readonly templates: TemplatesService,
    private readonly settings: Settings,
  ) {}

  /**
   * Checks the request, then takes the quota and stores the import with its staged PDF in one transaction,
   * and queues detection after the commit. A lost enqueue is repaired by the sweeper, never by the partner.
   */
  async create(caller: Caller, dto: CreateImportDto): Promise<ImportResponseDto> {
    const hasFile = dto.pdf_base64 !== undefined;
    const hasUrl = dto.pdf_url !== undefined;
    if (hasFile === hasUrl) {
      throw AppException.validation('send exactly one of pdf_base64 and pdf_url');
    }
    let pdf: Buffer | null = null;
    if (hasUrl) {
      const check = checkOutboundUrl(dto.pdf_url!, {
        allowInsecure: this.settings.ALLOW_INSECURE_OUTBOUND,
        field: 'pdf_url',
        developmentHint: this.settings.NODE_ENV !== 'production',
      });
      if (!check.ok) throw AppException.validation(check.reason);
    } else {
      pdf = decodePdfBase64(dto.pdf_base64!);
    }
    if (dto.template_id !== undefined) {
      const target = await this.templates.findOwned(caller.org.id, dto.template_id);
      if (target.status === 'retired') {
        throw AppException.validation('template_id names a retired template: import it as a new template instead');
      }
    }
    const row = await this.dataSource.transaction(async (manager) => {
      await takeImportQuota(manager, caller.org.id, caller.org.importsDailyQuota);
      return manager.save(
        manager.create(Import, {
          id: newId('import'),
          orgId: caller.org.id,
          apiKeyId: caller.keyId,
          status: 'queued',
          filename: dto.filename,
          title: dto.title ?? null,
          sourceUrl: hasUrl ? dto.pdf_url! : null,
          stagedPdf: pdf,
          templateId: dto.template_id ?? null,
        }),
      );
    });
    await this.enqueue(row.id);
    return toImportResponse(row);
  }

  async get(org: CallerOrg, importId: string): Promise<ImportResponseDto> {
    const row = looksLikeId('import', importId) ? await this.imports.findOneBy({ id: importId, orgId: org.id }) : null;
    if (!row) throw AppException.notFound('import');
    return toImportResponse(row);
  }

  /** Job id = import id, so a doubled enqueue (request and sweeper) runs once. */
  async enqueue(importId: string): Promise<void> {
    await enqueueAfterCommit(
      this.detectionQueue,
      { importId },
      { jobId: importId },
      this.settings.QUEUE_ENQUEUE_TIMEOUT_MS,
    );
  }
}
