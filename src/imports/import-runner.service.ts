import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, Repository } from 'typeorm';
import { rowsReturned } from 'src/database/raw-query';
import { OutboundError, safeFetch } from 'src/common/http/safe-fetch';
import { Settings } from 'src/config/settings';
import type { DetectionResult } from '../shared/field-map';
import { EventsService } from 'src/events/events.service';
import { runInSandbox, SandboxError } from 'src/pdf-sandbox';
import { TemplatesService } from 'src/templates/templates.service';
import { storableDetection } from './detected-text';
import { Import } from './entities/import.entity';
import { looksLikePdf, MAX_PDF_BYTES } from './pdf-upload';

/** A failure that is the file's fault: the import ends `failed`, it is not retried. */
export class ImportFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const FETCH_TIMEOUT_MS = 30_000;

/** Runs one import: fetch (pdf_url), detect in the sandbox, then record the template or the failure. */
@Injectable()
export class ImportRunnerService {
  private readonly logger = new Logger(ImportRunnerService.name);

  constructor(
    @InjectRepository(Import) private readonly imports: Repository<Import>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly templates: TemplatesService,
    private readonly events: EventsService,
    private readonly settings: Settings,
  ) {}

  /** The organization of an import still to run, or null when it finished or vanished (nothing to run). */
  async organizationOf(importId: string): Promise<string | null> {
    const row = await this.imports.findOne({
      select: { orgId: true },
      where: { id: importId, status: In(['queued', 'processing']) },
    });
    return row?.orgId ?? null;
  }

  /** Idempotent: an import that already finished (or vanished) is skipped quietly. */
  async run(importId: string, isLastAttempt: boolean): Promise<void> {
    const claimed = await rowsReturned(
      this.imports,
      `UPDATE imports SET status = 'processing', attempts = attempts + 1, updated_at = now()
        WHERE id = $1 AND status IN ('queued', 'processing') RETURNING id`,
      [importId],
    );
    if (claimed.length === 0) return;
    const row = await this.imports
      .createQueryBuilder('i')
      .addSelect('i.stagedPdf')
      .where('i.id = :id', { id: importId })
      .getOneOrFail();
    try {
      const pdf = row.stagedPdf ?? (await this.fetchPdf(row.sourceUrl!));
      const { DETECTION_PAGE_BUDGET_MS: pageMs, DETECTION_DOCUMENT_BUDGET_MS: documentMs } = this.settings;
      // A slow page is given up inside detection (review reason); the child is killed only past both budgets.
      // The tenant keeps one organization's slow files from holding every sandbox child.
      // One child does both: the preflight walks the page tree (a file's /Count can say -1 or 0), then detection.
      const { detection, pageCount } = await runInSandbox(
        'detect-import',
        { pdf, payload: { budget: { pageMs, documentMs } } },
        { timeoutMs: documentMs + 2 * pageMs, tenant: row.orgId },
      );
      await this.succeed(row, pdf, storableDetection(detection, pageCount));
    } catch (error) {
      if (error instanceof ImportFailure) return this.fail(row, error.code, error.message);
      if (error instanceof SandboxError) return this.fail(row, error.code, error.message);
      this.logger.error({ importId, err: error instanceof Error ? error.stack : String(error) }, 'import failed');
      if (isLastAttempt) return this.fail(row, 'PROCESSING_ERROR', 'the form could not be processed: try again later');
      throw error;
    }
  }

  private async fetchPdf(url: string): Promise<Buffer> {
    try {
      const response = await safeFetch(url, {
        allowInsecure: this.settings.ALLOW_INSECURE_OUTBOUND,
        timeoutMs: FETCH_TIMEOUT_MS,
        maxBytes: MAX_PDF_BYTES,
        maxRedirects: 3,
        headers: { Accept: 'application/pdf' },
      });
      if (response.status < 200 || response.status >= 300) {
        throw new ImportFailure('FETCH_FAILED', `pdf_url answered HTTP ${response.status}`);
      }
      if (!looksLikePdf(response.body)) {
        throw new ImportFailure('PDF_INVALID', 'pdf_url did not return a PDF: the bytes do not start with %PDF-');
      }
      return response.body;
    } catch (error) {
      if (error instanceof OutboundError) {
        if (error.code === 'TOO_LARGE') {
          throw new ImportFailure('PDF_TOO_LARGE', `the PDF at pdf_url exceeds 10 MB (${MAX_PDF_BYTES} bytes)`);
        }
        throw new ImportFailure('FETCH_FAILED', `pdf_url could not be fetched: ${error.message}`);
      }
      throw error;
    }
  }

  private async succeed(row: Import, pdf: Buffer, detection: DetectionResult): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const { template, version, carriedOver } = await this.templates.createVersion(manager, {
        orgId: row.orgId,
        importId: row.id,
        templateId: row.templateId,
        title: row.title ?? row.filename.replace(/\.pdf$/i, ''),
        sourceFilename: row.filename,
        detection,
        pdf,
      });
      await manager.update(Import, row.id, {
        status: 'succeeded',
        stagedPdf: null,
        templateId: template.id,
        templateVersion: version.version,
        pageCount: version.pageCount,
        fieldCount: version.fieldCount,
        detector: version.detector,
        // A re-import that kept the previous review (every edit of staff's carried over) needs none.
        reviewRequired: version.reviewRequired && version.reviewedAt === null,
        carriedOver,
        reviewReasons: version.reviewReasons,
        warnings: version.warnings,
      });
      await this.events.record(manager, row.orgId, 'import.completed', {
        import_id: row.id,
        template_id: template.id,
        page_count: version.pageCount,
        field_count: version.fieldCount,
        review_required: version.reviewRequired && version.reviewedAt === null,
      });
    });
  }

  private async fail(row: Import, code: string, message: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.update(Import, row.id, { status: 'failed', stagedPdf: null, errorCode: code, error: message });
      await this.events.record(manager, row.orgId, 'import.failed', { import_id: row.id, error: message });
    });
  }
}
