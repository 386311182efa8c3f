import { fullFormats, type FormatName } from 'ajv-formats/dist/formats';
import type { PrimitiveSchemaName } from './dtdlTypes';

/**
 * How each DTDL primitive is checked, shared by validateTwin and the generated JSON Schemas so the
 * two always agree. String formats use ajv-formats' own checks (full mode).
 */
export interface PrimitiveRule {
  jsonType: 'boolean' | 'number' | 'integer' | 'string';
  minimum?: number;
  maximum?: number;
  /** ajv-formats format name. DTDL `time` allows an optional offset, hence `iso-time`. */
  format?: FormatName;
  /** Human wording used in error messages and hovers. */
  describe: string;
}

const int = (minimum: number, maximum: number, describe: string): PrimitiveRule => ({
  jsonType: 'integer',
  minimum,
  maximum,
  describe,
});

export const PRIMITIVE_RULES: Readonly<Record<PrimitiveSchemaName, PrimitiveRule>> = {
  boolean: { jsonType: 'boolean', describe: 'a boolean' },
  string: { jsonType: 'string', describe: 'a string' },
  double: { jsonType: 'number', describe: 'a number' },
  float: { jsonType: 'number', describe: 'a number' },
  decimal: { jsonType: 'number', describe: 'a number' },
  byte: int(-128, 127, 'an integer from -128 to 127'),
  short: int(-32768, 32767, 'an integer from -32768 to 32767'),
  integer: int(-2147483648, 2147483647, 'a 32-bit integer'),
  long: int(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, 'an integer'),
  unsignedByte: int(0, 255, 'an integer from 0 to 255'),
  unsignedShort: int(0, 65535, 'an integer from 0 to 65535'),
  unsignedInteger: int(0, 4294967295, 'an unsigned 32-bit integer'),
  unsignedLong: int(0, Number.MAX_SAFE_INTEGER, 'a non-negative integer'),
  date: { jsonType: 'string', format: 'date', describe: 'a date (YYYY-MM-DD)' },
  dateTime: {
    jsonType: 'string',
    format: 'date-time',
    describe: 'an RFC 3339 date-time with offset (e.g. 2024-10-01T12:34:56Z)',
  },
  time: { jsonType: 'string', format: 'iso-time', describe: 'a time (hh:mm:ss, optional offset)' },
  duration: { jsonType: 'string', format: 'duration', describe: 'an ISO 8601 duration (e.g. PT15M)' },
  uuid: { jsonType: 'string', format: 'uuid', describe: 'a UUID' },
  bytes: { jsonType: 'string', format: 'byte', describe: 'base64 text' },
};

function formatCheck(name: FormatName): (s: string) => boolean {
  const f = fullFormats[name];
  if (f instanceof RegExp) return (s) => f.test(s);
  if (typeof f === 'function') return (s) => (f as (s: string) => boolean)(s);
  if (typeof f === 'object' && f !== null && 'validate' in f) {
    const v = f.validate;
    if (v instanceof RegExp) return (s) => v.test(s);
    if (typeof v === 'function') return (s) => (v as (s: string) => boolean)(s);
  }
  return () => true;
}

const formatChecks = new Map<FormatName, (s: string) => boolean>();

/** Undefined when `value` fits the primitive, else what was expected. */
export function checkPrimitive(name: PrimitiveSchemaName, value: unknown): string | undefined {
  const rule = PRIMITIVE_RULES[name];
  const ok = (() => {
    switch (rule.jsonType) {
      case 'boolean':
        return typeof value === 'boolean';
      case 'number':
        return typeof value === 'number' && Number.isFinite(value);
      case 'integer':
        return typeof value === 'number' && Number.isInteger(value) && value >= rule.minimum! && value <= rule.maximum!;
      case 'string': {
        if (typeof value !== 'string') return false;
        if (!rule.format) return true;
        let check = formatChecks.get(rule.format);
        if (!check) formatChecks.set(rule.format, (check = formatCheck(rule.format)));
        return check(value);
      }
    }
  })();
  return ok ? undefined : `must be ${rule.describe} (DTDL ${name})`;
}
