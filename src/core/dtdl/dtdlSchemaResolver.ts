import type { DtdlSchema, EnumValueInfo, FieldInfo, PrimitiveSchemaName } from './dtdlTypes';
import { isObject, localized, typeList, type JsonObject } from './dtdlText';

const PRIMITIVE_SCHEMAS: ReadonlySet<string> = new Set<PrimitiveSchemaName>([
  'boolean',
  'date',
  'dateTime',
  'double',
  'duration',
  'float',
  'integer',
  'long',
  'string',
  'time',
  'byte',
  'bytes',
  'decimal',
  'short',
  'unsignedByte',
  'unsignedInteger',
  'unsignedLong',
  'unsignedShort',
  'uuid',
]);

/** quantitativeTypes unit schemas are named `<Quantity>Unit` (LengthUnit, TemperatureUnit, ...). */
const UNIT_SCHEMA = /^[A-Z][A-Za-z]*Unit$/;

/**
 * Turns DTDL schema values (a primitive name, a schema id, or an inline complex schema) into
 * DtdlSchema, resolving ids against every named schema of the loaded documents. Named schemas
 * are resolved once and cached; unresolvable references become `unresolved` plus one warning.
 */
export class SchemaResolver {
  private readonly cache = new Map<string, DtdlSchema>();
  private readonly resolving = new Set<string>();

  constructor(
    private readonly definitions: ReadonlyMap<string, JsonObject>,
    private readonly warn: (message: string) => void,
  ) {}

  resolve(schema: unknown, where: string): DtdlSchema {
    if (typeof schema === 'string') return this.resolveName(schema, where);
    if (isObject(schema)) {
      const id = typeof schema['@id'] === 'string' ? schema['@id'] : undefined;
      if (id && this.cache.has(id)) return this.cache.get(id)!;
      return this.parseComplex(schema, where);
    }
    this.warn(`${where}: missing or invalid schema`);
    return { kind: 'unresolved', ref: String(schema) };
  }

  private resolveName(name: string, where: string): DtdlSchema {
    if (PRIMITIVE_SCHEMAS.has(name)) return { kind: 'primitive', name: name as PrimitiveSchemaName };
    if (UNIT_SCHEMA.test(name)) return { kind: 'unit', name };
    const cached = this.cache.get(name);
    if (cached) return cached;
    const def = this.definitions.get(name);
    if (!def || this.resolving.has(name)) {
      this.warn(def ? `${where}: schema ${name} refers to itself` : `${where}: unknown schema ${name}`);
      return { kind: 'unresolved', ref: name };
    }
    this.resolving.add(name);
    try {
      return this.parseComplex(def, `schema ${name}`);
    } finally {
      this.resolving.delete(name);
    }
  }

  private parseComplex(node: JsonObject, where: string): DtdlSchema {
    const id = typeof node['@id'] === 'string' ? node['@id'] : undefined;
    const common = {
      ...(id ? { id } : {}),
      displayName: localized(node.displayName),
      description: localized(node.description),
    };
    const types = typeList(node);
    let result: DtdlSchema;
    if (types.includes('Enum')) {
      const valueSchema = node.valueSchema === 'integer' ? 'integer' : 'string';
      if (node.valueSchema !== 'integer' && node.valueSchema !== 'string')
        this.warn(`${where}: Enum valueSchema must be integer or string`);
      const values: EnumValueInfo[] = [];
      for (const v of Array.isArray(node.enumValues) ? node.enumValues : []) {
        if (!isObject(v) || (typeof v.enumValue !== 'string' && typeof v.enumValue !== 'number')) {
          this.warn(`${where}: Enum value without enumValue`);
          continue;
        }
        values.push({
          name: String(v.name ?? v.enumValue),
          value: v.enumValue,
          displayName: localized(v.displayName),
          description: localized(v.description),
        });
      }
      result = { ...common, kind: 'enum', valueSchema, values };
    } else if (types.includes('Object')) {
      const fields: FieldInfo[] = [];
      for (const f of Array.isArray(node.fields) ? node.fields : []) {
        if (!isObject(f) || typeof f.name !== 'string') {
          this.warn(`${where}: Object field without a name`);
          continue;
        }
        fields.push({
          name: f.name,
          schema: this.resolve(f.schema, `${where} field ${f.name}`),
          displayName: localized(f.displayName),
          description: localized(f.description),
        });
      }
      result = { ...common, kind: 'object', fields };
    } else if (types.includes('Map')) {
      const key = isObject(node.mapKey) ? node.mapKey : {};
      const value = isObject(node.mapValue) ? node.mapValue : {};
      result = {
        ...common,
        kind: 'map',
        keyName: typeof key.name === 'string' ? key.name : 'key',
        valueName: typeof value.name === 'string' ? value.name : 'value',
        value: this.resolve(value.schema, `${where} mapValue`),
      };
    } else if (types.includes('Array')) {
      result = { ...common, kind: 'array', element: this.resolve(node.elementSchema, `${where} elementSchema`) };
    } else {
      this.warn(`${where}: unsupported schema type ${JSON.stringify(node['@type'])}`);
      result = { kind: 'unresolved', ref: id ?? JSON.stringify(node['@type']) };
    }
    if (id) this.cache.set(id, result);
    return result;
  }
}
