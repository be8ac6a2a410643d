import { Injectable } from '@nestjs/common';

/**
 * Where the process is in its life. On SIGTERM it starts draining: readiness answers 503 (so a load balancer stops
 * sending traffic) and responses carry `Connection: close` while requests are still served normally.
 */
@Injectable()
export class LifecycleService {
  private drainingSince?: number;

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  beginDrain(): void {
    this.drainingSince ??= Date.now();
  }
}
