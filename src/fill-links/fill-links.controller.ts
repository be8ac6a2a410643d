import { Body, Controller, Post, UseInterceptors } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentOrg, RequireScopes } from 'src/common/auth/auth.decorators';
import type { CallerOrg } from 'src/common/auth/caller';
import { IdempotencyInterceptor } from 'src/common/idempotency/idempotency.interceptor';
import { ApiErrorResponses } from 'src/common/openapi/api-error-responses.decorator';
import { CreateFillLinkDto, FillLinkResponseDto } from './dto/create-fill-link.dto';
import { FillLinksService } from './fill-links.service';

@ApiTags('Fill links')
@ApiErrorResponses(401, 403, 429)
@Controller('api/v1/fill-links')
export class FillLinksController {
  constructor(private readonly fillLinks: FillLinksService) {}

  @Post()
  @RequireScopes('fill_links:write')
  @UseInterceptors(IdempotencyInterceptor)
  @ApiOperation({
    summary: 'Mint a hosted fill link',
    description:
      "Scope: fill_links:write. The link serves the template's latest version. Prefill values are protected " +
      'health information: stored encrypted, applied server-side, never in the URL. 422 INVALID_VALUES lists ' +
      'each value whose field the current map does not accept (`invalid_values`, reason unknown_field or ' +
      'not_prefillable); a value of the wrong type for its kind is 400 naming the field. 404 when the template ' +
      'is not an active template of your organization.',
  })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Makes retries safe for 24 hours' })
  @ApiCreatedResponse({ type: FillLinkResponseDto })
  @ApiErrorResponses(400, 404, 409, 422)
  create(@CurrentOrg() org: CallerOrg, @Body() dto: CreateFillLinkDto): Promise<FillLinkResponseDto> {
    return this.fillLinks.create(org, dto);
  }
}
