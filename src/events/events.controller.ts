import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentOrg, RequireScopes } from 'src/common/auth/auth.decorators';
import type { CallerOrg } from 'src/common/auth/caller';
import { ApiErrorResponses } from 'src/common/openapi/api-error-responses.decorator';
import { EventListResponseDto, ListEventsQueryDto } from './dto/event-feed.dto';
import { EventsFeedService } from './events-feed.service';

@ApiTags('Webhooks')
@ApiErrorResponses(401, 403, 429)
@Controller('api/v1/events')
export class EventsController {
  constructor(private readonly feed: EventsFeedService) {}

  @Get()
  @RequireScopes('webhooks:manage')
  @ApiOperation({
    summary: 'The events feed',
    description:
      "Scope: webhooks:manage. The organization's event envelopes, oldest first, each with `event_id`, `event`, " +
      '`timestamp`, `org_id` and `data` exactly as delivered to webhooks (whether or not a webhook received them), ' +
      'kept at least 30 days. Follow next_cursor until it is absent; `since` (inclusive) starts the feed at a ' +
      'time. The reconciliation path when a receiver was down longer than the retries (about 8.5 hours).',
  })
  @ApiOkResponse({ type: EventListResponseDto })
  @ApiErrorResponses(400)
  list(@CurrentOrg() org: CallerOrg, @Query() query: ListEventsQueryDto): Promise<EventListResponseDto> {
    return this.feed.list(org, query);
  }
}
