// The co-types a model may add to an element beside its class: DTDL v2's semantic types, and the extensions a
// DTDL v3 model opts into through its `@context` (quantitative types, historization, annotation, overriding, …).

/** Semantic types of DTDL v2 and of the v3 quantitative-types extension; each allows `unit`. */
export const SEMANTIC_TYPES: ReadonlySet<string> = new Set([
  'Acceleration',
  'Angle',
  'AngularAcceleration',
  'AngularVelocity',
  'Area',
  'Capacitance',
  'Current',
  'DataRate',
  'DataSize',
  'Density',
  'Distance',
  'ElectricCharge',
  'Energy',
  'Force',
  'Frequency',
  'Humidity',
  'Illuminance',
  'Inductance',
  'Latitude',
  'Length',
  'Longitude',
  'Luminance',
  'Luminosity',
  'LuminousFlux',
  'LuminousIntensity',
  'MagneticFlux',
  'MagneticInduction',
  'Mass',
  'MassFlowRate',
  'Power',
  'Pressure',
  'RelativeHumidity',
  'Resistance',
  'SoundPressure',
  'Temperature',
  'Thrust',
  'TimeSpan',
  'Torque',
  'Velocity',
  'Voltage',
  'Volume',
  'VolumeFlowRate',
]);

/** The unit enumeration of each semantic type whose units are not named `<type>Unit`. */
const UNIT_TYPE_EXCEPTIONS: Readonly<Record<string, string>> = {
  Distance: 'LengthUnit',
  ElectricCharge: 'ChargeUnit',
  EnergyRate: 'PowerUnit',
  Humidity: 'DensityUnit',
  Latitude: 'AngleUnit',
  Longitude: 'AngleUnit',
  Luminosity: 'PowerUnit',
  RelativeHumidity: 'Unitless',
  Thrust: 'ForceUnit',
  TimeSpan: 'TimeUnit',
};

/**
 * The unit enumerations (e.g. `TemperatureUnit`) whose units a semantic type's `unit` takes: its own and, where
 * it shares another type's units, that one too (`EnergyRateUnit` is an alias of `PowerUnit`).
 */
export function unitTypesOf(semanticType: string): string[] | undefined {
  if (!SEMANTIC_TYPES.has(semanticType) && !QUANTITATIVE_ONLY_TYPES.has(semanticType)) return undefined;
  const shared = UNIT_TYPE_EXCEPTIONS[semanticType];
  return shared ? [shared, `${semanticType}Unit`] : [`${semanticType}Unit`];
}

/** Semantic types that only the v3 quantitative-types extension adds. */
export const QUANTITATIVE_ONLY_TYPES: ReadonlySet<string> = new Set([
  'ApparentEnergy',
  'ApparentPower',
  'EnergyRate',
  'Irradiance',
  'ReactiveEnergy',
  'ReactivePower',
]);

/** The unit enumerations (LengthUnit, TimeUnit, …) usable as a schema wherever semantic types are. */
export function isUnitSchemaName(name: string): boolean {
  return /^[A-Z][A-Za-z]*Unit$/.test(name);
}

/** Classes a semantic type may co-type. */
export const SEMANTIC_HOSTS: ReadonlySet<string> = new Set([
  'Telemetry',
  'Property',
  'Field',
  'MapValue',
  'CommandRequest',
  'CommandResponse',
  'CommandPayload',
]);

/** Classes a semantic type may co-type in DTDL v2. */
export const V2_SEMANTIC_HOSTS: ReadonlySet<string> = new Set(['Telemetry', 'Property']);

/** A literal property an extension co-type brings, and the kind of value it takes. */
export interface ExtensionLiteral {
  kind: 'string' | 'integer' | 'duration' | 'topic';
  required?: boolean;
}

export interface ExtensionCotype {
  hosts: readonly string[];
  properties: readonly string[];
  /** The class of complex schema the co-typed element's schema must be. */
  schemaClass?: string;
  /** Literal properties among `properties` and the values they take. */
  literals?: Readonly<Record<string, ExtensionLiteral>>;
  /** Another co-type of the same extension the element must also have. */
  needsCotype?: string;
  /** A property whose value must differ among the element's siblings with this co-type. */
  uniqueAmongSiblings?: string;
}

export interface ExtensionSpec {
  cotypes: Record<string, ExtensionCotype>;
  /** Whether it brings the semantic types. */
  semantic?: boolean;
}

/** Known extension contexts by name (without version); the versions they exist in. */
export const EXTENSIONS: Readonly<Record<string, { versions: readonly number[]; spec: ExtensionSpec }>> = {
  quantitativeTypes: { versions: [1], spec: { cotypes: {}, semantic: true } },
  historization: {
    versions: [1, 2],
    spec: { cotypes: { Historized: { hosts: ['Property', 'Telemetry'], properties: [] } } },
  },
  annotation: {
    versions: [1, 2],
    spec: { cotypes: { ValueAnnotation: { hosts: ['Property', 'Telemetry'], properties: ['annotates'] } } },
  },
  overriding: {
    versions: [1, 2],
    spec: { cotypes: { Override: { hosts: ['Property'], properties: ['overrides', 'unit'] } } },
  },
  requirement: { versions: [1, 2], spec: { cotypes: { Required: { hosts: ['Field'], properties: [] } } } },
  layering: { versions: [1], spec: { cotypes: { Layer: { hosts: ['Interface'], properties: [] } } } },
  mqtt: {
    versions: [1, 2, 3],
    spec: {
      cotypes: {
        Mqtt: {
          hosts: ['Interface'],
          literals: {
            payloadFormat: { kind: 'string', required: true },
            commandTopic: { kind: 'topic' },
            telemetryTopic: { kind: 'topic' },
          },
          properties: [
            'commandTopic',
            'payloadFormat',
            'telemetryTopic',
            'telemServiceGroup',
            'cmdServiceGroup',
            'telemetryServiceGroup',
            'commandServiceGroup',
          ],
        },
        Idempotent: { hosts: ['Command'], properties: [] },
        Cacheable: {
          hosts: ['Command'],
          properties: ['ttl'],
          literals: { ttl: { kind: 'duration', required: true } },
          needsCotype: 'Idempotent',
        },
        Indexed: {
          hosts: ['Telemetry', 'Command', 'Field', 'EnumValue', 'Property'],
          properties: ['index'],
          literals: { index: { kind: 'integer', required: true } },
          uniqueAmongSiblings: 'index',
        },
        Fragmented: { hosts: ['Command', 'Property'], properties: [] },
        Result: { hosts: ['Object'], properties: [] },
        NormalResult: { hosts: ['Field'], properties: [] },
        ErrorResult: { hosts: ['Field'], properties: [] },
        Error: { hosts: ['Object'], properties: [] },
        Transparent: { hosts: ['CommandRequest', 'CommandResponse'], properties: [], schemaClass: 'Object' },
        ErrorMessage: { hosts: ['Field'], properties: [] },
      },
    },
  },
};
