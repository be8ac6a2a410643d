import { applyDecorators } from '@nestjs/common';
import { ValidateBy, ValidateIf } from 'class-validator';

/**
 * Like `@IsOptional()`, except that null is refused: the field may be left out, but `"name": null` is a 400
 * naming the field, instead of null reaching the service as a value (and the database as a NOT NULL
 * violation, a 500). Use it on every optional field whose type does not include null.
 */
export function IsOmittable(): PropertyDecorator {
  return applyDecorators(
    ValidateIf((_object, value) => value !== undefined),
    ValidateBy({
      name: 'isNotNull',
      validator: {
        validate: (value: unknown) => value !== null,
        defaultMessage: (args) => `${args?.property ?? 'this field'} must not be null: leave it out instead`,
      },
    }),
  );
}
