import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource, Repository } from 'typeorm';
import { AuditService } from 'src/audit/audit.service';
import { AppException } from 'src/common/errors/app.exception';
import { ErrorCode } from 'src/common/errors/error-codes';
import { newId, randomBase62 } from 'src/common/ids/ids';
import { Settings } from 'src/config/settings';
import { OrganizationsService } from 'src/organizations/organizations.service';
import type { Template } from 'src/templates/entities/template.entity';
import { TemplatesService } from 'src/templates/templates.service';
import type { EditorSessionResponseDto } from './dto/editor-session.dto';
import { EditorSessionClock } from './editor-session-clock';
import { EditorSession } from './entities/editor-session.entity';

export const EDITOR_SESSION_VALIDITY_MS = 60 * 60 * 1000;
const TOKEN_PREFIX = 'edt_';
/** 43 base62 characters: about 256 bits. */
const TOKEN_PATTERN = /^edt_[0-9A-Za-z]{43}$/;

/** Who opens an editor session: a partner's API key (scope templates:write) or an internal admin. */
export type EditorSessionCreator = { kind: 'api_key'; keyId: string; ip: string | null } | { kind: 'admin' };

/** A valid editor token: the session, its template and its organization. */
export interface ResolvedEditorSession {
  sessionId: string;
  orgId: string;
  templateId: string;
  expiresAt: Date;
  /** The organization's editor_frame_ancestors, for the page's CSP (empty: 'none'). */
  frameAncestors: string[];
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** Editor links: random tokens stored as SHA-256, valid 60 minutes, for one template. */
@Injectable()
export class EditorSessionsService {
  constructor(
    @InjectRepository(EditorSession) private readonly sessions: Repository<EditorSession>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly templates: TemplatesService,
    private readonly audit: AuditService,
    private readonly clock: EditorSessionClock,
    private readonly settings: Settings,
    private readonly organizations: OrganizationsService,
  ) {}

  /**
   * Opens a session for an active template and returns its URL. A partner's key only reaches its own
   * organization's templates (404 otherwise); 410 TEMPLATE_RETIRED. Audit-logged with the session id.
   */
  async create(
    creator: EditorSessionCreator,
    orgId: string | null,
    templateId: string,
  ): Promise<EditorSessionResponseDto> {
    const template: Template =
      orgId === null ? await this.templates.findById(templateId) : await this.templates.findOwned(orgId, templateId);
    if (template.status === 'retired')
      throw new AppException(ErrorCode.TemplateRetired, 'this template is retired: it can no longer be edited');
    const token = TOKEN_PREFIX + randomBase62(43);
    const expiresAt = new Date(this.clock.now().getTime() + EDITOR_SESSION_VALIDITY_MS);
    await this.dataSource.transaction(async (manager) => {
      const session = await manager.save(
        manager.create(EditorSession, {
          id: newId('editorSession'),
          orgId: template.orgId,
          templateId: template.id,
          tokenSha256: sha256(token),
          createdByKeyId: creator.kind === 'api_key' ? creator.keyId : null,
          expiresAt,
        }),
      );
      await this.audit.recordTemplate(manager, {
        orgId: template.orgId,
        templateId: template.id,
        templateVersion: template.latestVersion,
        action: 'editor_session.created',
        apiKeyId: creator.kind === 'api_key' ? creator.keyId : null,
        editorSessionId: session.id,
        ip: creator.kind === 'api_key' ? creator.ip : null,
      });
    });
    const base = this.settings.PUBLIC_BASE_URL.replace(/\/+$/, '');
    return { url: `${base}/editor/${token}`, expires_at: expiresAt.toISOString() };
  }

  /**
   * Checks an editor token (the last path segment of the URL). With `templateId`, the session must be for that
   * template. Throws AppException: 403 EDITOR_SESSION_INVALID (malformed, tampered or unknown token, another
   * template's token, or the organization's Partner API access is off), 410 EDITOR_SESSION_EXPIRED (older than
   * 60 minutes), 410 TEMPLATE_RETIRED. Messages are plain and safe to show on a page.
   */
  async resolve(token: string, templateId?: string): Promise<ResolvedEditorSession> {
    const session = TOKEN_PATTERN.test(token) ? await this.sessions.findOneBy({ tokenSha256: sha256(token) }) : null;
    if (!session) throw invalid('this editor link is not valid: open the editor again from your application');
    if (templateId !== undefined && session.templateId !== templateId)
      throw invalid('this editor link is for another template');
    if (this.clock.now().getTime() >= session.expiresAt.getTime())
      throw new AppException(
        ErrorCode.EditorSessionExpired,
        'this editor link has expired (links last 60 minutes): open the editor again from your application',
      );
    const template = await this.templates.findOwned(session.orgId, session.templateId);
    if (template.status === 'retired')
      throw new AppException(ErrorCode.TemplateRetired, 'this template is retired: it can no longer be edited');
    const org = await this.organizations.find(session.orgId);
    if (!org?.partnerApiEnabled) throw invalid("this organization's Partner API access is off");
    return {
      sessionId: session.id,
      orgId: session.orgId,
      templateId: session.templateId,
      expiresAt: session.expiresAt,
      frameAncestors: org.editorFrameAncestors,
    };
  }
}

function invalid(message: string): AppException {
  return new AppException(ErrorCode.EditorSessionInvalid, message);
}
