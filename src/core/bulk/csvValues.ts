import type { DtdlSchema } from '../dtdl/dtdlTypes';
import { PRIMITIVE_RULES } from '../dtdl/primitiveRules';

/**
 * Turns a CSV cell into a typed value using the DTDL schema of its column: integers and numbers
 * are parsed strictly, booleans are `true`/`false` (any case), strings stay as written, and
 * complex values (objects, maps, arrays) are written as JSON in the cell. Without a schema the
 * text is kept (validation reports the column). Throws an Error naming the problem.
 */
export function coerceCell(text: string, schema: DtdlSchema | undefined): unknown {
  if (!schema) return text;
  switch (schema.kind) {
    case 'primitive': {
      const rule = PRIMITIVE_RULES[schema.name];
      if (rule.jsonType === 'integer') return parseInteger(text);
      if (rule.jsonType === 'number') return parseNumber(text);
      if (rule.jsonType === 'boolean') return parseBoolean(text);
      return text;
    }
    case 'enum':
      return schema.valueSchema === 'integer' ? parseInteger(text) : text;
    case 'unit':
      return text;
    case 'object':
    case 'map':
    case 'array':
    case 'unresolved':
      return parseJsonCell(text, schema.kind === 'unresolved');
  }
}

function parseInteger(text: string): number {
  const t = text.trim();
  if (!/^[+-]?\d+$/.test(t)) throw new Error(`"${text}" is not an integer`);
  return Number(t);
}

function parseNumber(text: string): number {
  const t = text.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) throw new Error(`"${text}" is not a number`);
  return Number(t);
}

function parseBoolean(text: string): boolean {
  const t = text.trim().toLowerCase();
  if (t === 'true') return true;
  if (t === 'false') return false;
  throw new Error(`"${text}" is not a boolean (true or false)`);
}

function parseJsonCell(text: string, lenient: boolean): unknown {
  try {
    return JSON.parse(text);
  } catch {
    if (lenient) return text;
    throw new Error(
      `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}" is not valid JSON (objects, maps and arrays are written as JSON)`,
    );
  }
}
