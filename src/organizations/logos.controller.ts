import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from 'src/common/auth/auth.decorators';
import { AppException } from 'src/common/errors/app.exception';
import { brandStylesheet, LOGO_TYPES } from './brand';
import { OrganizationsService } from './organizations.service';

/** A year: the URL holds the logo's content hash, so a changed logo is a new URL. */
const LOGO_CACHE = 'public, max-age=31536000, immutable';

/**
 * Clinic logos and brand colours (as a stylesheet: the fill page's CSP allows no inline style), served from this origin (the fill page's CSP allows images from 'self' only) under their content
 * hash. An SVG was sanitized when it was set; it is also served with a CSP that runs nothing, should it be opened
 * on its own.
 */
@ApiExcludeController()
@Controller('logos')
export class LogosController {
  constructor(private readonly organizations: OrganizationsService) {}

  @Get(':file')
  @Public()
  async logo(@Param('file') file: string, @Res() res: Response): Promise<void> {
    const css = /^brand-([0-9A-F]{6})\.css$/.exec(file);
    if (css) {
      res.setHeader('Content-Type', 'text/css; charset=utf-8');
      res.setHeader('Cache-Control', LOGO_CACHE);
      res.end(brandStylesheet(`#${css[1]}`));
      return;
    }
    const match = /^([0-9a-f]{64})\.(png|svg)$/.exec(file);
    const logo = match ? await this.organizations.logoByHash(match[1]) : null;
    if (!logo || (match![2] === 'png') !== (logo.type === LOGO_TYPES.png)) throw AppException.notFound('logo');
    res.setHeader('Content-Type', logo.type);
    res.setHeader('Cache-Control', LOGO_CACHE);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    res.end(logo.bytes);
  }
}
