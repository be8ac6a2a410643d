import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { newId } from 'src/common/ids/ids';
import { Event, type EventType } from './entities/event.entity';

/** Writes events into the outbox. Always called with the transaction of the change being reported. */
@Injectable()
export class EventsService {
  async record(manager: EntityManager, orgId: string, type: EventType, data: Record<string, unknown>): Promise<Event> {
    return manager.save(manager.create(Event, { id: newId('event'), orgId, type, data, dispatchedAt: null }));
  }
}
