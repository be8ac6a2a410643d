import { Injectable } from '@nestjs/common';
import { AppException } from 'src/common/errors/app.exception';
import { Settings } from 'src/config/settings';
import type { OpenFillLink } from 'src/fill-links/fill-links.service';
import { FillLinksService } from 'src/fill-links/fill-links.service';
import { checkSubmission } from 'src/submissions/answer-validation';
import { SubmissionsService } from 'src/submissions/submissions.service';
import type { DraftFormDto } from './draft-form.dto';
import type { FillFormModel } from './fill-form.model';
import { DRAFT_COOKIE, DRAFT_TTL_MS, FillDraftsService, draftTokenFrom } from './fill-drafts.service';
import { pickLocale } from './i18n/locales';
import type { SubmitFormDto } from './submit-form.dto';
import { renderConfirmationPage, renderFormPage } from './views';
import type { PageBrand } from './views/brand-header';
import { looksLikeId } from 'src/common/ids/ids';
import { brandStylesheetPath } from 'src/organizations/brand';
import { redirectTarget } from 'src/organizations/fill-embedding';
import { OrganizationsService, type OrganizationBrand } from 'src/organizations/organizations.service';

/** A page of the patient's, with the origins that may frame it; or where to send the patient instead. */
export interface BrandedPage {
  html: string;
  frameAncestors: string[];
  redirect?: string;
}

function pageBrand(brand: OrganizationBrand): PageBrand {
  return {
    displayName: brand.displayName,
    logoPath: brand.logoPath,
    stylesheetPath: brand.brandColor ? brandStylesheetPath(brand.brandColor) : null,
  };
}

/** What the browser asked with: the patient's language switch, its Accept-Language and its Cookie header. */
export interface PageRequest {
  lang?: unknown;
  /** `?resume=1`: the patient chose "Continue" on the offer; only then are the draft's answers rendered. */
  resume?: unknown;
  acceptLanguage?: string;
  cookie?: string;
}

/** The patient's side: the form of a link (latest template version, prefill applied), drafts and the submission. */
@Injectable()
export class FillPageService {
  constructor(
    private readonly fillLinks: FillLinksService,
    private readonly submissions: SubmissionsService,
    private readonly drafts: FillDraftsService,
    private readonly settings: Settings,
    private readonly organizations: OrganizationsService,
  ) {}

  async form(shortCode: string): Promise<FillFormModel> {
    return toFormModel(await this.fillLinks.findOpenByShortCode(shortCode));
  }

  /**
   * The HTML page in the clinic's brand, with the origins that may frame it (its CSP frame-ancestors and its
   * postMessage targets). When this browser keeps a draft, the page offers it ("Continue where you left off?")
   * and renders its answers only after the patient chose Continue (`?resume=1`): on a shared device the next
   * person sees no one else's answers, not even in the page source.
   */
  async page(shortCode: string, req: PageRequest): Promise<BrandedPage> {
    const open = await this.fillLinks.findOpenByShortCode(shortCode);
    const stored = await this.drafts.load(open, draftTokenFrom(req.cookie));
    const resume = req.resume === '1';
    const locale = pickLocale(req.lang, open.link.locale, req.acceptLanguage);
    const brand = await this.organizations.brand(open.link.orgId);
    const embed = { fillLinkId: open.link.id, parentOrigins: brand.fillFrameAncestors };
    const html = renderFormPage(toFormModel(open), {
      locale,
      draft: resume && stored ? { id: stored.id, ...stored.data } : null,
      offerDraft: !resume && stored !== null,
      brand: pageBrand(brand),
      embed,
      redirects: open.link.redirectUrl !== null,
    });
    return { html, frameAncestors: brand.fillFrameAncestors };
  }

  /**
   * The confirmation page, in the page's language (the page passes ?lang=) and the clinic's brand. The link may be
   * used up by the very submission it confirms: then the title is generic. A link with a redirect_url sends the
   * patient there instead, with the submission id the page passed (an id, never an answer; the partner checks it
   * with its API key).
   */
  async confirmation(shortCode: string, req: PageRequest & { submissionId?: unknown }): Promise<BrandedPage> {
    const link = await this.fillLinks.findByShortCode(shortCode);
    const submissionId = typeof req.submissionId === 'string' ? req.submissionId : '';
    if (link?.redirectUrl && looksLikeId('submission', submissionId)) {
      return { html: '', frameAncestors: [], redirect: redirectTarget(link.redirectUrl, submissionId) };
    }
    const open = await this.fillLinks.findOpenByShortCode(shortCode).catch((error: unknown) => {
      if (error instanceof AppException) return null;
      throw error;
    });
    const locale = pickLocale(req.lang, link?.locale, req.acceptLanguage);
    const brand = link ? await this.organizations.brand(link.orgId) : null;
    const html = renderConfirmationPage(open?.title ?? 'Your form', locale, brand ? pageBrand(brand) : undefined);
    return { html, frameAncestors: brand?.fillFrameAncestors ?? [] };
  }

  /**
   * Saves this browser's draft; returns the Set-Cookie value that ties the draft to the browser and the draft's id
   * (the page sends it with its next save: the proof that it loaded the draft it overwrites).
   */
  async saveDraft(
    shortCode: string,
    cookie: string | undefined,
    dto: DraftFormDto,
  ): Promise<{ setCookie: string; draftId: string }> {
    const open = await this.fillLinks.findOpenByShortCode(shortCode);
    const { token, id } = await this.drafts.save(open, draftTokenFrom(cookie), dto);
    return { setCookie: this.draftCookie(shortCode, token, DRAFT_TTL_MS / 1000), draftId: id };
  }

  /** "Start over": deletes the draft; returns the Set-Cookie value that forgets it. */
  async discardDraft(shortCode: string, cookie: string | undefined): Promise<string> {
    const link = await this.fillLinks.findByShortCode(shortCode);
    if (!link) throw AppException.notFound('form link');
    await this.drafts.discard(link.id, draftTokenFrom(cookie));
    return this.draftCookie(shortCode, '', 0);
  }

  async submit(
    shortCode: string,
    dto: SubmitFormDto,
    cookie: string | undefined,
  ): Promise<{ status: 'received'; submissionId: string; clearCookie: string }> {
    const open = await this.fillLinks.findOpenByShortCode(shortCode);
    const checked = checkSubmission(open.version.fields, open.link.values, {
      answers: dto.answers ?? {},
      signatures: dto.signatures ?? {},
    });
    const submission = await this.submissions.create(open, checked, pickLocale(dto.locale, open.link.locale));
    // A draft never outlives its submission.
    await this.drafts.discard(open.link.id, draftTokenFrom(cookie));
    return { status: 'received', submissionId: submission.id, clearCookie: this.draftCookie(shortCode, '', 0) };
  }

  /**
   * HttpOnly, scoped to this link's pages; Secure whenever the service is served over HTTPS. SameSite=Lax, not
   * Strict: a patient arriving from a webmail link (a cross-site top-level GET) must be offered their draft, and
   * nothing is applied before they choose Continue. Cross-site PUT, DELETE and POST still carry no cookie.
   */
  private draftCookie(shortCode: string, token: string, maxAgeS: number): string {
    const secure = this.settings.PUBLIC_BASE_URL.startsWith('https:') ? '; Secure' : '';
    const path = `/f/${encodeURIComponent(shortCode)}`;
    return `${DRAFT_COOKIE}=${token}; Path=${path}; Max-Age=${Math.round(maxAgeS)}; HttpOnly; SameSite=Lax${secure}`;
  }
}

export function toFormModel({ link, title, version }: OpenFillLink): FillFormModel {
  const prefill = new Map(link.values.map((v) => [v.field_id, v]));
  // Stable: the field map's reading order within each page.
  const fields = [...version.fields].sort((a, b) => a.page - b.page);
  return {
    short_code: link.shortCode,
    title,
    page_count: version.pageCount,
    locale: link.locale,
    fields: fields.map((f) => {
      const value = prefill.get(f.fieldId);
      return {
        field_id: f.fieldId,
        kind: f.kind,
        label: f.label,
        prompt: f.prompt,
        choice_label: f.choiceLabel,
        question_id: f.questionId,
        page: f.page,
        section: f.section ?? '',
        ...(f.mark ? { mark: f.mark } : {}),
        required: f.required,
        ...(value ? { value: value.value } : {}),
        locked: value?.locked ?? false,
        format: f.format ?? null,
        condition: f.condition ? { field_id: f.condition.fieldId, equals: true as const } : null,
      };
    }),
  };
}
