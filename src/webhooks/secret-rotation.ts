/** How long the secret replaced by a rotation keeps signing beside the new one (decisions.md: 24 hours). */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** A webhook's signing secrets as stored (decrypted). */
export interface WebhookSecrets {
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

/** The secrets that sign a delivery made at `now`: the current one, then the previous one until its overlap ends. */
export function liveSecrets(secrets: WebhookSecrets, now: Date): string[] {
  const previousLive =
    secrets.previousSecret !== null &&
    secrets.previousSecretExpiresAt !== null &&
    now.getTime() < secrets.previousSecretExpiresAt.getTime();
  return previousLive ? [secrets.secret, secrets.previousSecret!] : [secrets.secret];
}

/** When the secret being replaced at `now` stops signing. */
export function overlapEnd(now: Date): Date {
  return new Date(now.getTime() + ROTATION_OVERLAP_MS);
}
