/**
 * Who may frame the fill page, and where it may send the patient afterwards. Plain TypeScript. Exact origins only
 * (no `*.` patterns as the editor allows): each is also a postMessage target, which must be one exact origin.
 */
export const MAX_FILL_FRAME_ANCESTORS = 20;

/** Why `value` cannot be an allowed parent origin, or null. `http://` only where insecure outbound is allowed. */
export function frameAncestorProblem(value: string, allowInsecure: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `fill_frame_ancestors: "${value}" is not an origin like https://portal.example.com`;
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowInsecure)) {
    return `fill_frame_ancestors: "${value}" must be an https:// origin${allowInsecure ? ' (or http://)' : ''}`;
  }
  if (!/^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname)) {
    return `fill_frame_ancestors: "${value}" must name one host (no *. patterns: each origin is a postMessage target)`;
  }
  if (url.origin !== value) {
    return `fill_frame_ancestors: "${value}" must be an origin alone, lowercase, with no path, query or trailing slash (${url.origin})`;
  }
  return null;
}

/**
 * Why `value` cannot be a fill link's redirect_url, or null: an absolute https:// URL (http:// only where insecure
 * outbound is allowed) on one of the organization's fill_frame_ancestors, with no credentials and no fragment.
 */
export function redirectUrlProblem(value: string, ancestors: readonly string[], allowInsecure: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'redirect_url must be an absolute https:// URL';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowInsecure)) {
    return 'redirect_url must be an https:// URL';
  }
  if (url.username || url.password) return 'redirect_url must not carry a user name or password';
  if (!ancestors.includes(url.origin)) {
    return ancestors.length === 0
      ? 'redirect_url needs the organization to list its origin in fill_frame_ancestors, and it lists none: ask us to add it'
      : `redirect_url must be on one of the organization's fill_frame_ancestors (${ancestors.join(', ')}), not ${url.origin}`;
  }
  return null;
}

/** Where the done page sends the patient: the redirect with `submission_id` added to its query. */
export function redirectTarget(redirectUrl: string, submissionId: string): string {
  const url = new URL(redirectUrl);
  url.searchParams.set('submission_id', submissionId);
  return url.toString();
}

/** The fill page's CSP frame-ancestors directive. */
export function frameAncestorsDirective(ancestors: readonly string[]): string {
  return `frame-ancestors ${ancestors.length ? ancestors.join(' ') : "'none'"}`;
}
