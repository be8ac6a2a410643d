import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsRFC3339 } from 'class-validator';
import { PageQueryDto, PageResponseDto } from 'src/common/pagination/page-query.dto';
import { EVENT_TYPES } from '../entities/event.entity';

export class ListEventsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    description: 'RFC 3339 timestamp; events at or after it (events are kept at least 30 days)',
    example: '2026-11-22T00:00:00Z',
  })
  @IsOptional()
  @IsRFC3339({ message: 'since must be an RFC 3339 timestamp, e.g. 2026-11-22T00:00:00Z' })
  since?: string;
}

export class EventEntryDto {
  @ApiProperty({ example: 'evt_2nK8qT4mX9pL3vR7wY1zB6' }) event_id!: string;
  @ApiProperty({ enum: EVENT_TYPES, example: 'submission.created' }) event!: string;
  @ApiProperty({ description: 'As in the delivered envelope', example: '2026-11-22T10:00:00.000Z' })
  timestamp!: string;
  @ApiProperty({ example: 'org_7Hq2mC9xKp4RtY8wZ1aB3d' }) org_id!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: "The event's data exactly as delivered (ids and URLs, never answers)",
    example: {
      submission_id: 'sub_4mN8qR2tV6xZ1bC5dF9gH3',
      template_id: 'tpl_5fT2kQ9wLm3Rx7Yb1Nc8Dz',
      fill_link_id: 'fl_3nR8kW2pQ7xT5vY1mB9cL4',
      external_ref: 'appt-2026-11-22-0042',
      retrieve_url: 'https://forms.example.com/api/v1/submissions/sub_4mN8qR2tV6xZ1bC5dF9gH3',
    },
  })
  data!: Record<string, unknown>;
}

export class EventListResponseDto extends PageResponseDto {
  @ApiProperty({ type: [EventEntryDto], description: 'Oldest first' }) events!: EventEntryDto[];
}
