/**
 * Detection jobs each organization runs at once in this worker. A job over its organization's share is not run
 * (it goes back to the queue), so one organization's queue depth never fills every Bull concurrency slot while
 * another organization's job waits. Plain TypeScript, no Nest.
 */
export class OrganizationAdmission {
  private readonly running = new Map<string, number>();

  /** Admits one job of `orgId` if it runs fewer than `limit`; an admitted job must `leave` when it ends. */
  tryEnter(orgId: string, limit: number): boolean {
    const held = this.running.get(orgId) ?? 0;
    if (held >= limit) return false;
    this.running.set(orgId, held + 1);
    return true;
  }

  leave(orgId: string): void {
    const held = (this.running.get(orgId) ?? 1) - 1;
    if (held > 0) this.running.set(orgId, held);
    else this.running.delete(orgId);
  }

  held(orgId: string): number {
    return this.running.get(orgId) ?? 0;
  }
}
