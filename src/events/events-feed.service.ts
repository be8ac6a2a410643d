import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { CallerOrg } from 'src/common/auth/caller';
import type { EventListResponseDto, ListEventsQueryDto } from './dto/event-feed.dto';
import { Event } from './entities/event.entity';
import { envelope } from './envelope';
import { decodeEventCursor, encodeEventCursor } from './event-cursor';

const DEFAULT_LIMIT = 25;

/**
 * GET /events: the organization's envelopes, oldest first, keyset-paged on (created_at, id), each exactly as a
 * delivery sends it plus its event_id. The reconciliation path after a receiver was down longer than the retries.
 */
@Injectable()
export class EventsFeedService {
  constructor(@InjectRepository(Event) private readonly events: Repository<Event>) {}

  async list(org: CallerOrg, query: ListEventsQueryDto): Promise<EventListResponseDto> {
    const limit = query.limit ?? DEFAULT_LIMIT;
    const builder = this.events
      .createQueryBuilder('e')
      .addSelect(`to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`, 'cursor_at')
      .where('e.org_id = :orgId', { orgId: org.id })
      .orderBy('e.created_at', 'ASC')
      .addOrderBy('e.id', 'ASC')
      .limit(limit + 1);
    if (query.since) builder.andWhere('e.created_at >= :since::timestamptz', { since: query.since });
    if (query.cursor) {
      const after = decodeEventCursor(query.cursor);
      builder.andWhere('(e.created_at, e.id) > (:at::timestamptz, :id)', { at: after.createdAt, id: after.id });
    }
    const { entities, raw } = await builder.getRawAndEntities<{ cursor_at: string }>();
    const page = entities.slice(0, limit);
    const body: EventListResponseDto = { events: page.map((e) => ({ event_id: e.id, ...envelope(e) })) };
    if (entities.length > limit) {
      body.next_cursor = encodeEventCursor({ createdAt: raw[limit - 1].cursor_at, id: page[limit - 1].id });
    }
    return body;
  }
}
