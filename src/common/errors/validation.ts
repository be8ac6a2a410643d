import { ValidationError, ValidationPipe } from '@nestjs/common';
import { AppException } from './app.exception';

/** Flattens nested class-validator errors into `path: rule message` items. */
function describe(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => `${path}: ${message}`);
    return [...own, ...describe(error.children ?? [], path)];
  });
}

/** The global pipe: unknown properties are refused so typos surface; messages name the field and the rule. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => AppException.validation(describe(errors).join('; ')),
  });
}
