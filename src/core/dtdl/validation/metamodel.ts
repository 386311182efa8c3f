// What each DTDL element class may contain, per language version: the classes a model author may name in `@type`,
// their properties, the kind of value each property takes, and the limits the language sets.

export type PropertySpec =
  | { kind: 'string'; max?: number; name?: boolean; required?: boolean }
  | { kind: 'langString'; max: number }
  | { kind: 'boolean' }
  | { kind: 'integer'; min?: number; max?: number; required?: boolean }
  | { kind: 'elements'; classes: string[]; min?: number; max?: number; required?: boolean }
  | { kind: 'schema'; required?: boolean; interfaceOnly?: boolean }
  | { kind: 'interfaces'; max?: number; required?: boolean }
  | { kind: 'enumValue'; required?: boolean }
  | { kind: 'term'; values: readonly string[] }
  | { kind: 'unit' }
  | { kind: 'any' };

export interface ClassSpec {
  properties: Record<string, PropertySpec>;
  /** Another material class this one's elements may be nested as (e.g. an inline schema). */
  schema?: boolean;
}

export interface VersionSpec {
  version: number;
  classes: Record<string, ClassSpec>;
  primitiveSchemas: ReadonlySet<string>;
  /** Interface limits. */
  maxContents?: number;
  maxExtends?: number;
  maxExtendsDepth: number;
  maxSchemaDepth: number;
  maxInterfaceIdLength: number;
  maxIdLength: number;
  /** Content classes whose schema may not be or contain an Array. */
  noArraySchemaIn: ReadonlySet<string>;
}

const COMMON_PRIMITIVES = [
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
  'point',
  'multiPoint',
  'lineString',
  'multiLineString',
  'polygon',
  'multiPolygon',
];
const V3_PRIMITIVES = [
  ...COMMON_PRIMITIVES,
  'byte',
  'bytes',
  'decimal',
  'short',
  'unsignedByte',
  'unsignedInteger',
  'unsignedLong',
  'unsignedShort',
  'uuid',
];

const CONTENT_CLASSES = ['Command', 'Component', 'Property', 'Relationship', 'Telemetry'];
const COMPLEX_SCHEMAS = ['Array', 'Enum', 'Map', 'Object'];

function classes(nameMax: number, displayNameMax: number, v3: boolean): Record<string, ClassSpec> {
  const common = {
    comment: { kind: 'string', max: 512 },
    description: { kind: 'langString', max: 512 },
    displayName: { kind: 'langString', max: displayNameMax },
  } as const;
  const name = { kind: 'string', max: nameMax, name: true, required: true } as const;
  const schema = { kind: 'schema', required: true } as const;
  const payload: ClassSpec = {
    properties: { ...common, name, schema, ...(v3 ? { nullable: { kind: 'boolean' } } : {}) },
  };
  const property: ClassSpec = {
    properties: { ...common, name, schema, unit: { kind: 'unit' }, writable: { kind: 'boolean' } },
  };
  const out: Record<string, ClassSpec> = {
    Interface: {
      properties: {
        ...common,
        contents: { kind: 'elements', classes: CONTENT_CLASSES, max: v3 ? undefined : 300 },
        extends: { kind: 'interfaces', max: v3 ? 12 : 2 },
        schemas: { kind: 'elements', classes: COMPLEX_SCHEMAS },
      },
    },
    Telemetry: { properties: { ...common, name, schema, unit: { kind: 'unit' } } },
    Property: property,
    Command: {
      properties: {
        ...common,
        name,
        request: { kind: 'elements', classes: [v3 ? 'CommandRequest' : 'CommandPayload'], max: 1 },
        response: { kind: 'elements', classes: [v3 ? 'CommandResponse' : 'CommandPayload'], max: 1 },
        commandType: { kind: 'term', values: ['synchronous', 'asynchronous'] },
      },
    },
    Relationship: {
      properties: {
        ...common,
        name,
        target: { kind: 'interfaces', max: 1 },
        minMultiplicity: { kind: 'integer', min: 0, max: 0 },
        maxMultiplicity: { kind: 'integer', min: 1, max: v3 ? undefined : 500 },
        properties: { kind: 'elements', classes: ['Property'], max: v3 ? undefined : 300 },
        writable: { kind: 'boolean' },
      },
    },
    Component: { properties: { ...common, name, schema: { kind: 'schema', required: true, interfaceOnly: true } } },
    Array: { schema: true, properties: { ...common, elementSchema: schema } },
    Enum: {
      schema: true,
      properties: {
        ...common,
        valueSchema: { kind: 'term', values: ['integer', 'string'] },
        enumValues: {
          kind: 'elements',
          classes: ['EnumValue'],
          min: v3 ? 0 : 1,
          max: v3 ? undefined : 100,
          required: !v3,
        },
      },
    },
    EnumValue: { properties: { ...common, name, enumValue: { kind: 'enumValue', required: true } } },
    Map: {
      schema: true,
      properties: {
        ...common,
        mapKey: { kind: 'elements', classes: ['MapKey'], min: 1, max: 1, required: true },
        mapValue: { kind: 'elements', classes: ['MapValue'], min: 1, max: 1, required: true },
      },
    },
    MapKey: { properties: { ...common, name, schema } },
    MapValue: { properties: { ...common, name, schema } },
    Object: {
      schema: true,
      properties: {
        ...common,
        fields: { kind: 'elements', classes: ['Field'], min: v3 ? 0 : 1, max: v3 ? undefined : 30, required: !v3 },
      },
    },
    Field: { properties: { ...common, name, schema } },
  };
  if (v3) {
    out.CommandRequest = payload;
    out.CommandResponse = payload;
  } else {
    out.CommandPayload = payload;
  }
  return out;
}

export const VERSION_SPECS: Readonly<Record<number, VersionSpec>> = {
  2: {
    version: 2,
    classes: classes(64, 64, false),
    primitiveSchemas: new Set(COMMON_PRIMITIVES),
    maxContents: 300,
    maxExtends: 2,
    maxExtendsDepth: 10,
    maxSchemaDepth: 5,
    maxInterfaceIdLength: 128,
    maxIdLength: 2048,
    noArraySchemaIn: new Set(['Property']),
  },
  3: {
    version: 3,
    classes: classes(512, 512, true),
    primitiveSchemas: new Set(V3_PRIMITIVES),
    maxExtends: 12,
    maxExtendsDepth: 10,
    maxSchemaDepth: 5,
    maxInterfaceIdLength: 128,
    maxIdLength: 2048,
    noArraySchemaIn: new Set(),
  },
};

/** Whether a class names a complex schema (Array, Enum, Map, Object). */
export function isComplexSchemaClass(name: string): boolean {
  return COMPLEX_SCHEMAS.includes(name);
}
