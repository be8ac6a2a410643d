import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsRFC3339, IsString, Max, MaxLength, Min } from 'class-validator';
import { EVENT_TYPES } from '../entities/event.entity';

export class ListEventsQueryDto {
  @ApiPropertyOptional({ description: '1 to 100', default: 25, example: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number from 1 to 100' })
  @Min(1, { message: 'limit must be a whole number from 1 to 100' })
  @Max(100, { message: 'limit must be a whole number from 1 to 100' })
  limit?: number;

  @ApiPropertyOptional({
    description: 'RFC 3339 timestamp; events at or after it (events are kept at least 30 days)',
    example: '2026-11-22T00:00:00Z',
  })
  @IsOptional()
  @IsRFC3339({ message: 'since must be an RFC 3339 timestamp, e.g. 2026-11-22T00:00:00Z' })
  since?: string;

  @ApiPropertyOptional({ description: 'next_cursor of the previous page', example: 'WyIyMDI2LTExLTIy...' })
  @IsOptional()
  @IsString({ message: 'cursor must be the next_cursor of a previous page' })
  @MaxLength(512, { message: 'cursor is not a cursor this API returned: pass next_cursor unchanged' })
  cursor?: string;
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

export class EventListResponseDto {
  @ApiProperty({ type: [EventEntryDto], description: 'Oldest first' }) events!: EventEntryDto[];
  @ApiPropertyOptional({ description: 'Present while more events remain; pass it as `cursor`' })
  next_cursor?: string;
}
