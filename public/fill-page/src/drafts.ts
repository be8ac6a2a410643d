// Drafts: the answers are saved (PUT data-draft-url, debounced) as the patient goes; the server ties them to this
// browser with an HttpOnly cookie and offers them back on reload (rendered only after "Continue"). Each save names
// the draft the page loaded (data-draft-id, then each save's X-Draft-Id, or "none"): the server refuses (409) to
// overwrite any other, and the page then stops saving. A draft is a convenience: failures are silent.

/** Browsers cap keepalive requests (sent while the page is being hidden) at 64 KB. */
const KEEPALIVE_MAX_BYTES = 60_000;
const SAVE_DELAY_MS = 800;

export class Drafts {
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Set once the answers are sent (or being sent): no draft may be written after that. */
  stopped = false;

  constructor(
    private readonly url: string | null,
    /** The draft this page loaded or saved, or "none". */
    private draftId: string,
    private readonly answers: () => object,
    private readonly saved: () => void,
  ) {}

  /** Saves soon: every change restarts the wait. */
  schedule(): void {
    this.cancel();
    this.timer = setTimeout(() => this.save(), SAVE_DELAY_MS);
  }

  get pending(): boolean {
    return this.timer !== null;
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  save(keepalive = false): void {
    this.cancel();
    if (!this.url || this.stopped) return;
    const body = JSON.stringify({ ...this.answers(), draft_id: this.draftId });
    fetch(this.url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body,
      credentials: 'same-origin',
      cache: 'no-store',
      keepalive: keepalive && body.length < KEEPALIVE_MAX_BYTES,
    })
      .then((response) => {
        if (response.status === 204) {
          this.draftId = response.headers.get('X-Draft-Id') ?? this.draftId;
          this.saved();
        }
        // Another draft is stored for this browser (a shared device, or a page opened without the cookie): never
        // overwrite it; the offer on reload lets the patient continue it or start over.
        if (response.status === 409) this.stopped = true;
      })
      .catch(() => {
        /* a draft is a convenience: the next change tries again */
      });
  }

  /** Deletes the draft, then reloads the page empty in its language. */
  startOver(locale: string): void {
    this.cancel();
    const reload = (): void => window.location.replace(`${window.location.pathname}?lang=${locale}`);
    if (!this.url) return reload();
    fetch(this.url, { method: 'DELETE', credentials: 'same-origin', cache: 'no-store' }).then(reload, reload);
  }
}
