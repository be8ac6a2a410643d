import { ApiProperty } from '@nestjs/swagger';
import { Equals, IsString, Length } from 'class-validator';

/** `condition` on the wire: the field applies only while this choice option or stand-alone check box is ticked. */
export class FieldConditionDto {
  @ApiProperty({
    description:
      'A choice option (select_one, select_many) or stand-alone checkbox that comes earlier in the field map',
    example: 'fld_3hJ8nC2vB5xZ9mQ1wE4rT7',
  })
  @IsString()
  @Length(1, 100)
  field_id!: string;

  @ApiProperty({
    enum: [true],
    description: 'Always true: the field applies while that option is ticked',
    example: true,
  })
  @Equals(true, { message: 'condition.equals must be true' })
  equals!: true;
}

export const FORMAT_DESCRIPTION =
  'Answer rule beyond the kind: "zip" (text: 5 digits or 12345-6789), "ssn" (text: 9 digits, hyphens ' +
  'optional), "birth_date" (date: not in the future, at most 130 years back); null when none';

export const CONDITION_DESCRIPTION =
  'The field applies (is shown, may be required, its answer is kept) only while this option is ticked; null ' +
  'when always. Answers to a field whose condition is false are dropped at submit';
