import { Body, Controller, Get, HttpCode, Param, Post, UseInterceptors } from '@nestjs/common';
import { ApiAcceptedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentCaller, CurrentOrg, RequireScopes } from 'src/common/auth/auth.decorators';
import type { Caller, CallerOrg } from 'src/common/auth/caller';
import { IdempotencyInterceptor } from 'src/common/idempotency/idempotency.interceptor';
import { ApiErrorResponses } from 'src/common/openapi/api-error-responses.decorator';
import { CreateImportDto } from './dto/create-import.dto';
import { ImportResponseDto } from './dto/import-response.dto';
import { ImportsService } from './imports.service';

@ApiTags('Imports')
@ApiErrorResponses(401, 403, 429)
@Controller('api/v1/imports')
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  @Post()
  @HttpCode(202)
  @RequireScopes('imports:write')
  @UseInterceptors(IdempotencyInterceptor)
  @ApiOperation({
    summary: 'Import a blank PDF form',
    description:
      'Scope: imports:write. Stages the PDF and queues detection; answers 202 at once. Poll GET /imports/{id} or ' +
      'wait for the import.completed webhook. 429 QUOTA_EXCEEDED carries `quota` and `retry_after` when the daily ' +
      'import quota is used up. With an `Idempotency-Key`, a retry replays the first response (409 while the first ' +
      'is in flight, 422 when the key was used for another request).',
  })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Makes retries safe for 24 hours' })
  @ApiAcceptedResponse({ type: ImportResponseDto })
  @ApiErrorResponses(400, 404, 409, 413, 422)
  create(@CurrentCaller() caller: Caller, @Body() dto: CreateImportDto): Promise<ImportResponseDto> {
    return this.imports.create(caller, dto);
  }

  @Get(':import_id')
  @RequireScopes('imports:write')
  @ApiOperation({
    summary: 'Poll an import',
    description:
      'Scope: imports:write. Result fields appear only when succeeded; error and error_code only when failed.',
  })
  @ApiOkResponse({ type: ImportResponseDto })
  @ApiErrorResponses(404)
  get(@CurrentOrg() org: CallerOrg, @Param('import_id') importId: string): Promise<ImportResponseDto> {
    return this.imports.get(org, importId);
  }
}
