/**
 * Checks that input validators miss and PostgreSQL refuses with a 500: a lone UTF-16 surrogate in a text (jsonb
 * cannot store it) and a timestamp that matches RFC 3339 but is no real instant (a leap second, February 30, a
 * year PostgreSQL or JavaScript cannot hold). Each is a 400 naming the field.
 */
import { ValidateBy, type ValidationOptions } from 'class-validator';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** A string without lone surrogates (anything else passes: other decorators check the type). */
export function IsWellFormedText(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isWellFormedText',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || !hasLoneSurrogate(value),
        defaultMessage: (args) =>
          `${args?.property ?? 'text'} holds half of a character (a lone UTF-16 surrogate): send whole characters`,
      },
    },
    options,
  );
}

const RFC3339 = /^(\d{4})-(\d\d)-(\d\d)[Tt ](\d\d):(\d\d):(\d\d)(\.\d+)?([Zz]|[+-]\d\d:\d\d)$/;

/** Whether an RFC 3339 timestamp names a real instant between the years 1 and 9999 (no leap second, no Feb 30). */
export function isRealInstant(value: string): boolean {
  const m = RFC3339.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  if (year < 1 || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return false;
  // The day exists in its month (Date.UTC rolls 30 February over into March).
  const date = new Date(Date.UTC(year, month - 1, day));
  return day >= 1 && date.getUTCDate() === day && !Number.isNaN(Date.parse(value));
}

export function IsRealInstant(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isRealInstant',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isRealInstant(value),
        defaultMessage: (args) =>
          `${args?.property ?? 'timestamp'} must be a real RFC 3339 instant, e.g. 2026-11-22T00:00:00Z (no leap second, no 30 February, years 0001-9999)`,
      },
    },
    options,
  );
}
