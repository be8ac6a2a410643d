// Inside a partner's frame, the page tells its parent what happens: edform:loaded, edform:step, edform:submitted.
// Ids only (the link's, the submission's) and a step number: never an answer, never a prefill value. Each message
// goes to an allowed parent origin as the target (never "*"), so a page framed by anyone else tells nobody anything.

export type EmbedEventType = 'edform:loaded' | 'edform:step' | 'edform:submitted';

export interface EmbedMessage {
  type: EmbedEventType;
  fill_link_id: string;
  step?: number;
  submission_id?: string;
}

/** The parent page's origin as the browser reports it (Chromium's ancestorOrigins, else the referrer). */
function parentOrigin(): string | null {
  const ancestors = window.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0];
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

/**
 * The origins to post to: the parent's when it is one of the allowed ones; when the browser does not say which
 * parent it is, each allowed origin (the browser delivers a message only where its target origin matches).
 */
export function targetOrigins(allowed: readonly string[], parent: string | null): string[] {
  if (parent !== null) return allowed.includes(parent) ? [parent] : [];
  return [...allowed];
}

export class ParentFrame {
  private readonly targets: string[];

  constructor(
    private readonly fillLinkId: string,
    allowed: readonly string[],
  ) {
    const framed = window.parent !== window;
    this.targets = framed && fillLinkId ? targetOrigins(allowed, parentOrigin()) : [];
  }

  /** Reads the link id and the allowed origins the server put on the form (none: the page cannot be framed). */
  static of(form: HTMLElement): ParentFrame {
    const origins = (form.getAttribute('data-parent-origins') ?? '').split(' ').filter(Boolean);
    return new ParentFrame(form.getAttribute('data-fill-link-id') ?? '', origins);
  }

  post(type: EmbedEventType, extra: { step?: number; submission_id?: string } = {}): void {
    const message: EmbedMessage = { type, fill_link_id: this.fillLinkId };
    if (extra.step !== undefined) message.step = extra.step;
    if (extra.submission_id !== undefined) message.submission_id = extra.submission_id;
    for (const origin of this.targets) window.parent.postMessage(message, origin);
  }
}
