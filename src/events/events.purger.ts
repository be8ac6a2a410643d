import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { every } from 'src/queue/lost-jobs';
import { EventsService } from './events.service';

const PURGE_EVERY_MS = 60 * 60_000;

/** Deletes dispatched events past the 30-day retention of the events feed (runs in worker processes). */
@Injectable()
export class EventsPurger implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(EventsPurger.name);
  private stop?: () => void;

  constructor(private readonly events: EventsService) {}

  onApplicationBootstrap(): void {
    this.stop = every(PURGE_EVERY_MS, this.logger, () => this.events.purgeExpired());
  }

  onApplicationShutdown(): void {
    this.stop?.();
  }
}
