import type { Settings } from 'src/config/settings';
import type { FillLinkResponseDto } from './dto/create-fill-link.dto';
import type { FillLink } from './entities/fill-link.entity';

export function fillLinkUrl(settings: Settings, shortCode: string): string {
  return `${settings.PUBLIC_BASE_URL.replace(/\/+$/, '')}/f/${shortCode}`;
}

export function toFillLinkResponse(link: FillLink, settings: Settings): FillLinkResponseDto {
  return {
    fill_link_id: link.id,
    template_id: link.templateId,
    short_code: link.shortCode,
    url: fillLinkUrl(settings, link.shortCode),
    created_at: link.createdAt.toISOString(),
    external_ref: link.externalRef,
    ...(link.expiresAt ? { expires_at: link.expiresAt.toISOString() } : {}),
    ...(link.locale ? { locale: link.locale } : {}),
    ...(link.redirectUrl ? { redirect_url: link.redirectUrl } : {}),
    max_responses: link.maxResponses,
    values: link.values,
  };
}
