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

export interface ExtensionCotype {
  hosts: readonly string[];
  properties: readonly string[];
  /** The class of complex schema the co-typed element's schema must be. */
  schemaClass?: string;
}

export interface ExtensionSpec {
  cotypes: Record<string, ExtensionCotype>;
  /** Whether it brings the semantic types. */
  semantic?: boolean;
}

const CONTENTS = ['Telemetry', 'Property', 'Command', 'Relationship', 'Component'];

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
    spec: { cotypes: { Override: { hosts: ['Property', 'Telemetry'], properties: ['overrides', 'unit'] } } },
  },
  requirement: { versions: [1, 2], spec: { cotypes: { Required: { hosts: ['Field'], properties: [] } } } },
  layering: { versions: [1], spec: { cotypes: { Layer: { hosts: ['Interface'], properties: [] } } } },
  mqtt: {
    versions: [1, 2, 3],
    spec: {
      cotypes: {
        Mqtt: {
          hosts: ['Interface'],
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
        Cacheable: { hosts: ['Command'], properties: ['ttl'] },
        Indexed: { hosts: ['Telemetry', 'Command', 'Field', 'EnumValue', 'Property'], properties: ['index'] },
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
