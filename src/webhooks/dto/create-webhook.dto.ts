import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { EVENT_TYPES } from 'src/events/entities/event.entity';

export class CreateWebhookDto {
  @ApiProperty({
    description: 'Public https:// URL that receives the signed POSTs; must resolve only to public addresses',
    example: 'https://partner.example.com/hooks/edform',
  })
  @IsString()
  @MaxLength(2048)
  url!: string;

  @ApiPropertyOptional({
    description: 'Event kinds to receive. Omitted or empty: every kind, including kinds added later.',
    enum: EVENT_TYPES,
    isArray: true,
    example: ['submission.created', 'submission.pdf_ready'],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(EVENT_TYPES.length * 2)
  @IsString({ each: true })
  @IsIn(EVENT_TYPES, { each: true, message: `each value in events must be one of: ${EVENT_TYPES.join(', ')}` })
  events?: string[];
}
