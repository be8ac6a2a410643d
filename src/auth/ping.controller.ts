import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentCaller, RequireScopes } from 'src/common/auth/auth.decorators';
import type { Caller } from 'src/common/auth/caller';
import { ApiErrorResponses } from 'src/common/openapi/api-error-responses.decorator';
import { PingResponseDto } from './dto/ping-response.dto';

@ApiTags('Authentication')
@Controller('api/v1/ping')
export class PingController {
  @Get()
  @RequireScopes()
  @ApiOperation({ summary: 'Verify an API key', description: 'Scope: none (any valid key).' })
  @ApiOkResponse({ type: PingResponseDto })
  @ApiErrorResponses(401, 403, 429)
  ping(@CurrentCaller() caller: Caller): PingResponseDto {
    return PingResponseDto.of(caller);
  }
}
