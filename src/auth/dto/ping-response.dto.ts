import { ApiProperty } from '@nestjs/swagger';
import type { Caller } from 'src/common/auth/caller';
import { SCOPES } from 'src/common/auth/scopes';

export class PingResponseDto {
  @ApiProperty({ description: 'Organization of the key', example: 'org_7Hq2mC9xKp4RtY8wZ1aB3d' })
  org_id!: string;

  @ApiProperty({ description: 'Name given to the key at creation', example: 'EHR sync' })
  key_name!: string;

  @ApiProperty({ description: 'Scopes the key carries', enum: SCOPES, isArray: true, example: ['imports:write'] })
  scopes!: string[];

  static of(caller: Caller): PingResponseDto {
    return { org_id: caller.org.id, key_name: caller.keyName, scopes: caller.scopes };
  }
}
