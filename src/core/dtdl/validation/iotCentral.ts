// The IoT Central context (`dtmi:iotcentral:context;2`): the schemas it adds and the schema each of its semantic
// types requires of the element it co-types.
import * as l10n from '@vscode/l10n';
import { isObject, type JsonObject } from './elements';
import type { JsonPath, ProblemSink } from './problems';

export const IOT_CENTRAL_SCHEMAS: ReadonlySet<string> = new Set(['vector', 'geopoint']);

const GEOSPATIAL = ['geopoint', 'point', 'multiPoint', 'lineString', 'multiLineString', 'polygon', 'multiPolygon'];

/** Schema names a semantic type accepts; `Enum` stands for an Enum schema written in place. */
const REQUIRED_SCHEMAS: Readonly<Record<string, { code: string; accepts: (schema: string) => boolean }>> = {
  AccelerationVector: { code: 'notRequiredValue', accepts: (s) => s === 'vector' },
  VelocityVector: { code: 'notRequiredValue', accepts: (s) => s === 'vector' },
  Location: { code: 'notRequiredValue', accepts: (s) => GEOSPATIAL.includes(s) },
  Event: { code: 'notRequiredType', accepts: (s) => s !== 'boolean' },
  State: { code: 'notRequiredType', accepts: (s) => s === 'Enum' },
};

/** The semantic types of the IoT Central context. */
export const IOT_CENTRAL_TYPES: ReadonlySet<string> = new Set(Object.keys(REQUIRED_SCHEMAS));

/** The classes an IoT Central semantic type may co-type. */
export const IOT_CENTRAL_HOSTS: ReadonlySet<string> = new Set(['Telemetry', 'Property']);

export function checkIotCentralSchema(
  node: JsonObject,
  cotypes: readonly string[],
  owner: string,
  sink: ProblemSink,
  file: string,
  path: JsonPath,
): void {
  const schema = node.schema;
  const name =
    typeof schema === 'string'
      ? schema
      : isObject(schema) && typeof schema['@type'] === 'string'
        ? schema['@type']
        : '';
  if (name === '' || name.startsWith('dtmi:')) return;
  for (const co of cotypes) {
    const rule = REQUIRED_SCHEMAS[co];
    if (rule && !rule.accepts(name))
      sink.add(rule.code, l10n.t('{0} is a "{1}", which cannot have the schema "{2}".', owner, co, name), file, [
        ...path,
        'schema',
      ]);
  }
}
