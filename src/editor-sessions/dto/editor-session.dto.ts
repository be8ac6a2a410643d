import { ApiProperty } from '@nestjs/swagger';

export class EditorSessionResponseDto {
  @ApiProperty({
    description:
      'The editor page for this one template, valid 60 minutes: a bearer credential (anyone holding it can edit ' +
      "the template). Open it in a new tab or frame it from an origin listed in the organization's " +
      'editor_frame_ancestors; never log or share it.',
    example: 'https://forms.example.com/editor/edt_4fK9qL2mR7tW1xY3zA5bC8dE0gH2jK4mN6pQ8sT0vW2',
  })
  url!: string;

  @ApiProperty({ example: '2026-11-23T11:00:00.000Z' })
  expires_at!: string;
}
