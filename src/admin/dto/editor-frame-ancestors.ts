import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, Matches, ValidateIf } from 'class-validator';

/** An https origin (optionally `*.` for subdomains), or http on localhost for development: a CSP source. */
export const FRAME_ANCESTOR_PATTERN =
  /^(https:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?|http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?)$/;
export const MAX_FRAME_ANCESTORS = 20;

const DESCRIPTION =
  "Origins allowed to frame the template editor page in the organization's own application (CSP " +
  'frame-ancestors), e.g. https://app.example.com or https://*.example.com; [] (the default) means none';

/** PATCH /admin/v1/orgs/{id}: `editor_frame_ancestors`, replaced as a whole when given. */
export const EditorFrameAncestorsInput = () =>
  applyDecorators(
    ApiPropertyOptional({ description: DESCRIPTION, type: [String], example: ['https://app.example.com'] }),
    ValidateIf((_: unknown, value: unknown) => value !== undefined),
    IsArray(),
    ArrayMaxSize(MAX_FRAME_ANCESTORS),
    Matches(FRAME_ANCESTOR_PATTERN, {
      each: true,
      message:
        'each value in editor_frame_ancestors must be a lowercase origin like https://app.example.com ' +
        '(https, optional *. prefix and port, no path), or http://localhost',
    }),
  );

export const EditorFrameAncestorsOutput = () =>
  ApiProperty({ description: DESCRIPTION, type: [String], example: ['https://app.example.com'] });
