// Hand-written DTDL covering the tricky corners: v2 and v3 contexts, extends as string/array/inline,
// semantic co-types with units, every complex schema, schema references, components, overrides.

export const BASE = 'dtmi:com:example:Base;1';
export const SPACE = 'dtmi:com:example:Space;1';
export const ROOM = 'dtmi:com:example:Room;1';
export const SENSOR = 'dtmi:com:example:Sensor;1';
export const CAPABILITY = 'dtmi:com:example:Capability;1';
export const THERMOSTAT = 'dtmi:com:example:Thermostat;1';
export const DEVICE_INFO = 'dtmi:com:example:DeviceInfo;1';

export const fixtureInterfaces: unknown[] = [
  {
    '@context': 'dtmi:dtdl:context;2',
    '@id': BASE,
    '@type': 'Interface',
    displayName: 'Base thing',
    contents: [
      { '@type': 'Property', name: 'name', schema: 'string', writable: true },
      { '@type': 'Property', name: 'code', schema: 'string' },
      { '@type': 'Relationship', name: 'servedBy' },
    ],
  },
  [
    {
      '@context': [
        'dtmi:dtdl:context;3',
        'dtmi:dtdl:extension:quantitativeTypes;1',
        'dtmi:dtdl:extension:annotation;1',
        'dtmi:dtdl:extension:overriding;1',
      ],
      '@id': SPACE,
      '@type': 'Interface',
      displayName: { fr: 'Espace', de: 'Raum' },
      extends: BASE,
      schemas: [
        {
          '@id': 'dtmi:com:example:Usage;1',
          '@type': 'Enum',
          valueSchema: 'string',
          enumValues: [
            { name: 'office', enumValue: 'office', displayName: { en: 'Office' }, description: { en: 'Work space' } },
            { name: 'storage', enumValue: 'storage' },
          ],
        },
        {
          '@id': 'dtmi:com:example:Address;1',
          '@type': 'Object',
          fields: [
            { name: 'street', schema: 'string' },
            { name: 'number', schema: 'integer' },
          ],
        },
      ],
      contents: [
        {
          '@type': ['Property', 'Area'],
          name: 'area',
          schema: 'double',
          unit: 'squareMetre',
          displayName: { en: 'Area' },
          description: { en: 'Floor area' },
        },
        {
          '@type': ['Property', 'ValueAnnotation', 'Override'],
          name: 'areaUnit',
          annotates: 'area',
          overrides: 'unit',
          schema: 'AreaUnit',
          writable: true,
        },
        { '@type': 'Property', name: 'usage', schema: 'dtmi:com:example:Usage;1' },
        { '@type': 'Property', name: 'address', schema: 'dtmi:com:example:Address;1' },
        {
          '@type': 'Property',
          name: 'tags',
          schema: {
            '@type': 'Map',
            mapKey: { name: 'tag', schema: 'string' },
            mapValue: { name: 'on', schema: 'boolean' },
          },
        },
        { '@type': 'Property', name: 'openedOn', schema: 'date' },
        {
          '@type': 'Relationship',
          name: 'isPartOf',
          target: SPACE,
          properties: [{ '@type': 'Property', name: 'since', schema: 'dateTime' }],
        },
        { '@type': 'Property', name: 'code', schema: 'integer' },
      ],
    },
  ],
  {
    '@context': 'dtmi:dtdl:context;3',
    '@id': ROOM,
    '@type': 'Interface',
    extends: [
      SPACE,
      {
        '@id': 'dtmi:com:example:Bookable;1',
        '@type': 'Interface',
        contents: [{ '@type': 'Property', name: 'bookable', schema: 'boolean' }],
      },
    ],
    contents: [
      { '@type': 'Property', name: 'capacity', schema: 'unsignedShort' },
      { '@type': 'Property', name: 'level', schema: 'byte' },
      { '@type': 'Property', name: 'opens', schema: 'time' },
      { '@type': 'Property', name: 'cleaning', schema: 'duration' },
      { '@type': 'Property', name: 'roomGuid', schema: 'uuid' },
      { '@type': 'Property', name: 'photo', schema: 'bytes' },
      {
        '@type': 'Property',
        name: 'rating',
        schema: {
          '@type': 'Enum',
          valueSchema: 'integer',
          enumValues: [
            { name: 'low', enumValue: 1 },
            { name: 'high', enumValue: 2 },
          ],
        },
      },
      { '@type': 'Property', name: 'doors', schema: { '@type': 'Array', elementSchema: 'dtmi:com:example:Address;1' } },
      { '@type': 'Relationship', name: 'isPartOf', target: SPACE },
      {
        '@type': 'Relationship',
        name: 'hasSensor',
        target: SENSOR,
        properties: [{ '@type': 'Property', name: 'position', schema: 'string' }],
      },
    ],
  },
  {
    '@context': 'dtmi:dtdl:context;3',
    '@id': CAPABILITY,
    '@type': 'Interface',
    contents: [{ '@type': 'Relationship', name: 'isCapabilityOf' }],
  },
  {
    '@context': 'dtmi:dtdl:context;3',
    '@id': SENSOR,
    '@type': 'Interface',
    extends: [CAPABILITY],
    contents: [
      { '@type': ['Telemetry', 'Temperature'], name: 'reading', schema: 'double', unit: 'degreeCelsius' },
      { '@type': 'Command', name: 'reset', request: { name: 'mode', schema: 'string' } },
    ],
  },
  {
    '@context': 'dtmi:dtdl:context;3',
    '@id': THERMOSTAT,
    '@type': 'Interface',
    extends: SENSOR,
    contents: [
      {
        '@type': ['Property', 'Temperature'],
        name: 'setpoint',
        schema: 'float',
        unit: 'degreeCelsius',
        writable: true,
      },
      { '@type': 'Component', name: 'info', schema: DEVICE_INFO },
      {
        '@type': 'Component',
        name: 'display',
        schema: {
          '@id': 'dtmi:com:example:Display;1',
          '@type': 'Interface',
          contents: [{ '@type': 'Property', name: 'brightness', schema: 'long' }],
        },
      },
    ],
  },
  {
    '@context': 'dtmi:dtdl:context;3',
    '@id': DEVICE_INFO,
    '@type': 'Interface',
    contents: [
      { '@type': 'Property', name: 'serial', schema: 'string' },
      { '@type': 'Property', name: 'installed', schema: 'dateTime' },
    ],
  },
];
