// The resolved, typed view of DTDL v2/v3 interfaces that ModelIndex exposes. Raw JSON stays
// available as `definition`; everything else is normalised (localized text as a map, `@type`
// split into kind + semantic types, schema references resolved).

export interface LocalizedText {
  [language: string]: string;
}

/** DTDL primitive schema names (v2 and v3). */
export type PrimitiveSchemaName =
  | 'boolean'
  | 'date'
  | 'dateTime'
  | 'double'
  | 'duration'
  | 'float'
  | 'integer'
  | 'long'
  | 'string'
  | 'time'
  | 'byte'
  | 'bytes'
  | 'decimal'
  | 'short'
  | 'unsignedByte'
  | 'unsignedInteger'
  | 'unsignedLong'
  | 'unsignedShort'
  | 'uuid';

export interface EnumValueInfo {
  name: string;
  value: string | number;
  displayName?: LocalizedText;
  description?: LocalizedText;
}

export interface FieldInfo {
  name: string;
  schema: DtdlSchema;
  displayName?: LocalizedText;
  description?: LocalizedText;
}

interface SchemaCommon {
  id?: string;
  displayName?: LocalizedText;
  description?: LocalizedText;
}

export type DtdlSchema =
  | { kind: 'primitive'; name: PrimitiveSchemaName }
  | (SchemaCommon & { kind: 'enum'; valueSchema: 'integer' | 'string'; values: EnumValueInfo[] })
  | (SchemaCommon & { kind: 'object'; fields: FieldInfo[] })
  | (SchemaCommon & { kind: 'map'; keyName: string; valueName: string; value: DtdlSchema })
  | (SchemaCommon & { kind: 'array'; element: DtdlSchema })
  /** A unit schema of the quantitativeTypes extension (e.g. `LengthUnit`): the value is a unit name string. */
  | { kind: 'unit'; name: string }
  /** A reference that could not be resolved (reported as a warning); any value is accepted. */
  | { kind: 'unresolved'; ref: string };

interface ContentCommon {
  name: string;
  /** Interface that declares this content (the model itself or an ancestor). */
  definedIn: string;
  displayName?: LocalizedText;
  description?: LocalizedText;
  comment?: string;
  /** Co-types other than the content kind, e.g. `Temperature` in `["Property", "Temperature"]`. */
  semanticTypes: string[];
}

export interface PropertyInfo extends ContentCommon {
  schema: DtdlSchema;
  writable: boolean;
  unit?: string;
  /** annotation / overriding extensions (`ValueAnnotation`, `Override`). */
  annotates?: string;
  overrides?: string;
}

export interface TelemetryInfo extends ContentCommon {
  schema: DtdlSchema;
  unit?: string;
}

export interface RelationshipInfo extends ContentCommon {
  /** Target model id; undefined means any model. */
  target?: string;
  properties: PropertyInfo[];
  writable: boolean;
  minMultiplicity?: number;
  maxMultiplicity?: number;
}

export interface ComponentInfo extends ContentCommon {
  /** Interface id of the component's schema. */
  schema: string;
}

export interface CommandInfo extends ContentCommon {
  request?: { name: string; schema: DtdlSchema };
  response?: { name: string; schema: DtdlSchema };
}

export interface DtdlInterface {
  id: string;
  /** 2 or 3, from `@context` (3 when absent or unrecognised). */
  dtdlVersion: number;
  extends: string[];
  displayName?: LocalizedText;
  description?: LocalizedText;
  comment?: string;
  properties: PropertyInfo[];
  telemetry: TelemetryInfo[];
  relationships: RelationshipInfo[];
  components: ComponentInfo[];
  commands: CommandInfo[];
  /** File (relative path) or service model the interface came from. */
  source?: string;
  /** The interface's JSON as given (inline interfaces: the inline object). */
  definition: Record<string, unknown>;
}
