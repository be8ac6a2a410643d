// Drafts: the answers are saved (PUT data-draft-url, debounced) as the patient goes; the server ties them to this
// browser with an HttpOnly cookie and renders them back on reload. A draft is a convenience: failures are silent.

/** Browsers cap keepalive requests (sent while the page is being hidden) at 64 KB. */
const KEEPALIVE_MAX_BYTES = 60_000;
const SAVE_DELAY_MS = 800;

export class Drafts {
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Set once the answers are sent (or being sent): no draft may be written after that. */
  stopped = false;

  constructor(
    private readonly url: string | null,
    private readonly body: () => string,
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
    const body = this.body();
    fetch(this.url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body,
      credentials: 'same-origin',
      cache: 'no-store',
      keepalive: keepalive && body.length < KEEPALIVE_MAX_BYTES,
    })
      .then((response) => {
        if (response.status === 204) this.saved();
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
