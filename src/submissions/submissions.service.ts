import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { Queue } from 'bull';
import { DataSource, Repository } from 'typeorm';
import type { CallerOrg } from 'src/common/auth/caller';
import { AppException } from 'src/common/errors/app.exception';
import { looksLikeId, newId } from 'src/common/ids/ids';
import { Settings } from 'src/config/settings';
import { FillLinksService, gone, type OpenFillLink } from 'src/fill-links/fill-links.service';
import { enqueueAfterCommit } from 'src/queue/enqueue-after-commit';
import { QUEUES, type RenderingJob } from 'src/queue/queues';
import type { CheckedSubmission } from './answer-validation';
import type { ListSubmissionsQueryDto, SubmissionListResponseDto, SubmissionResponseDto } from './dto/submission.dto';
import { CompletedPdf } from './entities/completed-pdf.entity';
import { insertSubmissionWithEvent } from './submission-insert';
import { Submission } from './entities/submission.entity';
import { decodeCursor, encodeCursor } from './submission-cursor';
import { toSubmissionResponse, toSubmissionSummary } from './submissions.mapper';

const DEFAULT_PAGE_SIZE = 25;

export function submissionUrls(settings: Settings, submissionId: string): { retrieve: string; pdf: string } {
  const base = `${settings.PUBLIC_BASE_URL.replace(/\/+$/, '')}/api/v1/submissions/${submissionId}`;
  return { retrieve: base, pdf: `${base}/pdf` };
}

@Injectable()
export class SubmissionsService {
  constructor(
    @InjectRepository(Submission) private readonly submissions: Repository<Submission>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(QUEUES.rendering) private readonly renderingQueue: Queue<RenderingJob>,
    private readonly fillLinks: FillLinksService,
    private readonly settings: Settings,
  ) {}

  /**
   * Stores a checked submission: takes a response slot and writes the submission and its submission.created
   * event in one transaction (two patients racing for the last slot: one wins, the other gets 410), then
   * queues the render. PostgreSQL is the record: the sweeper re-queues a render whose job was lost.
   */
  async create(open: OpenFillLink, checked: CheckedSubmission, locale: string | null = null): Promise<Submission> {
    const { link, version } = open;
    // A plain object rather than repository.create(), which walks the entity's metadata on every submit.
    const row = Object.assign(new Submission(), {
      id: newId('submission'),
      orgId: link.orgId,
      templateId: link.templateId,
      templateVersionId: version.id,
      templateVersion: version.version,
      fillLinkId: link.id,
      externalRef: link.externalRef,
      locale,
      answers: checked.answers,
      signatures: Object.fromEntries(
        Object.entries(checked.signatures).map(([id, png]) => [id, png.toString('base64')]),
      ),
      completedPdfStatus: 'pending' as const,
      renderAttempts: 0,
      submittedAt: new Date(),
    });
    const stored = await insertSubmissionWithEvent(this.dataSource, row, {
      id: newId('event'),
      data: {
        submission_id: row.id,
        template_id: row.templateId,
        fill_link_id: row.fillLinkId,
        external_ref: row.externalRef,
        retrieve_url: submissionUrls(this.settings, row.id).retrieve,
      },
    });
    if (!stored) throw gone(link.expiresAt && link.expiresAt.getTime() <= Date.now() ? 'expired' : 'exhausted');
    await this.enqueueRender(row.id);
    return row;
  }

  /** Never throws, and waits for Redis a bounded time: the sweeper re-queues a render whose job was not added. */
  async enqueueRender(submissionId: string): Promise<void> {
    await enqueueAfterCommit(
      this.renderingQueue,
      { submissionId },
      { jobId: submissionId, attempts: 5, backoff: { type: 'exponential', delay: 1_000 } },
      this.settings.QUEUE_ENQUEUE_TIMEOUT_MS,
    );
  }

  async list(org: CallerOrg, query: ListSubmissionsQueryDto): Promise<SubmissionListResponseDto> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const qb = this.submissions
      .createQueryBuilder('s')
      .where('s.org_id = :orgId', { orgId: org.id })
      .orderBy('s.submitted_at', 'DESC')
      .addOrderBy('s.id', 'DESC')
      .take(limit + 1);
    if (query.submitted_since) qb.andWhere('s.submitted_at >= :since', { since: new Date(query.submitted_since) });
    if (query.cursor) {
      const after = decodeCursor(query.cursor);
      qb.andWhere('(s.submitted_at, s.id) < (:at, :id)', { at: after.submittedAt, id: after.id });
    }
    const rows = await qb.getMany();
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      submissions: page.map(toSubmissionSummary),
      ...(rows.length > limit && last
        ? { next_cursor: encodeCursor({ submittedAt: last.submittedAt, id: last.id }) }
        : {}),
    };
  }

  async get(org: CallerOrg, submissionId: string): Promise<SubmissionResponseDto> {
    if (!looksLikeId('submission', submissionId)) throw AppException.notFound('submission');
    // Only the digest of the frozen PDF, joined in the same query: the PDF itself stays in its table.
    const { entities, raw } = await this.submissions
      .createQueryBuilder('s')
      .addSelect(['s.answers', 's.signatures'])
      .leftJoin(CompletedPdf, 'c', 'c.submission_id = s.id')
      .addSelect('c.sha256', 'completed_pdf_sha256')
      .where('s.id = :id AND s.org_id = :orgId', { id: submissionId, orgId: org.id })
      .getRawAndEntities<{ completed_pdf_sha256: string | null }>();
    if (!entities[0]) throw AppException.notFound('submission');
    return toSubmissionResponse(entities[0], raw[0]?.completed_pdf_sha256 ?? null);
  }

  /** Another organization's submission is a 404, exactly like a missing one. */
  async findOwned(orgId: string, submissionId: string, withAnswers = false): Promise<Submission> {
    if (!looksLikeId('submission', submissionId)) throw AppException.notFound('submission');
    const qb = this.submissions
      .createQueryBuilder('s')
      .where('s.id = :id AND s.org_id = :orgId', { id: submissionId, orgId });
    if (withAnswers) qb.addSelect(['s.answers', 's.signatures']);
    const row = await qb.getOne();
    if (!row) throw AppException.notFound('submission');
    return row;
  }
}
