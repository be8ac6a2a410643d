import { ApiProperty } from '@nestjs/swagger';
import { EVENT_TYPES } from 'src/events/entities/event.entity';

export class WebhookResponseDto {
  @ApiProperty({ example: 'wh_3kT9mQ2xL7pR4vW8yZ1bN5' }) webhook_id!: string;
  @ApiProperty({ example: 'https://partner.example.com/hooks/edform' }) url!: string;
  @ApiProperty({
    enum: EVENT_TYPES,
    isArray: true,
    description: 'Subscribed kinds; empty means every kind, including kinds added later',
    example: ['submission.created'],
  })
  events!: string[];
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' }) created_at!: string;
}

export class WebhookCreatedResponseDto extends WebhookResponseDto {
  @ApiProperty({
    description: 'Signing secret (HMAC-SHA256 key). Shown only in this response: store it now.',
    example: 'whsec_4fN8qT2mK9xR7vL3pW5yZ1bC6dH0jS8a',
  })
  secret!: string;
}

export class WebhookListResponseDto {
  @ApiProperty({ type: [WebhookResponseDto], description: 'Active subscriptions, newest first, without secrets' })
  webhooks!: WebhookResponseDto[];
}

export class WebhookDeactivatedResponseDto {
  @ApiProperty({ example: 'wh_3kT9mQ2xL7pR4vW8yZ1bN5' }) webhook_id!: string;
  @ApiProperty({ example: false }) active!: boolean;
}

export class WebhookTestResponseDto {
  @ApiProperty({ description: 'true when the receiver answered 2xx', example: true }) delivered!: boolean;
  @ApiProperty({ type: Number, nullable: true, description: "The receiver's HTTP status", example: 200 })
  status_code!: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The transport error (connection refused, timeout, refused address) when there was no response',
    example: null,
  })
  error!: string | null;
}

export class WebhookSecretRotatedResponseDto {
  @ApiProperty({ example: 'wh_3kT9mQ2xL7pR4vW8yZ1bN5' }) webhook_id!: string;
  @ApiProperty({
    description: 'The new signing secret. Shown only in this response: store it now.',
    example: 'whsec_9bR3kT7mQ2xL8vW4yZ6nC1dF5hJ0pS3a',
  })
  secret!: string;
  @ApiProperty({
    description:
      'Until then every delivery is signed with both the new and the previous secret (in both schemes); after it, ' +
      'with the new one only',
    example: '2026-11-23T10:00:00.000Z',
  })
  previous_secret_expires_at!: string;
}
