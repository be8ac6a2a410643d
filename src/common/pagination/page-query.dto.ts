import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100';

/** The paging part of a list query (GET /events, GET /submissions): page size and the previous page's cursor. */
export class PageQueryDto {
  @ApiPropertyOptional({ description: '1 to 100', default: 25, example: 25 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  @Max(100, { message: LIMIT_MESSAGE })
  limit?: number;

  @ApiPropertyOptional({ description: 'next_cursor of the previous page', example: 'WyIyMDI2LTExLTIy...' })
  @IsOptional()
  @IsString({ message: 'cursor must be the next_cursor of a previous page' })
  @MaxLength(512, { message: 'cursor is not a cursor this API returned: pass next_cursor unchanged' })
  cursor?: string;
}

/** The paging part of a list response: present while more results remain. */
export class PageResponseDto {
  @ApiPropertyOptional({ description: 'Present while more results remain; pass it as `cursor`' })
  next_cursor?: string;
}
