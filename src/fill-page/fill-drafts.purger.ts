import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { every } from 'src/queue/lost-jobs';
import { FillDraftsService } from './fill-drafts.service';

const PURGE_EVERY_MS = 60 * 60_000;

/** Deletes drafts 7 days after their last save (runs in worker processes). */
@Injectable()
export class FillDraftsPurger implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(FillDraftsPurger.name);
  private stop?: () => void;

  constructor(private readonly drafts: FillDraftsService) {}

  onApplicationBootstrap(): void {
    this.stop = every(PURGE_EVERY_MS, this.logger, () => this.drafts.purgeExpired());
  }

  onApplicationShutdown(): void {
    this.stop?.();
  }
}
