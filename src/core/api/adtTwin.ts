// Twins in Azure Digital Twins' own shape, as the 2024 service sent them, turned into the documented
// shape `{ id, modelId, lastUpdateTime, contents }`:
//   wrapped  `{ twin: { $dtId, $etag, $metadata: { $model, $lastUpdateTime }, ...properties },
//              incomingRelationships, outgoingRelationships, twinData }`
//   flat     `{ $dtId, $etag, $metadata, ...properties }`
// The properties at the ADT twin's root become `contents` (keys starting with `$` excluded), `$etag`
// becomes `etag`; the wrapper's other fields are kept. Any other value is returned as it is.

import { isObject, type JsonObject } from '../dtdl/dtdlText';

/** The documented twin shape for an ADT-shaped twin; anything else unchanged. */
export function documentedTwin(raw: unknown): unknown {
  if (!isObject(raw)) return raw;
  if (isAdtTwin(raw)) return fromAdt(raw);
  const wrapperKey = Object.keys(raw).find((key) => key.toLowerCase() === 'twin');
  const inner = wrapperKey === undefined ? undefined : raw[wrapperKey];
  if (!isObject(inner) || !isAdtTwin(inner) || hasKey(raw, 'id')) return raw;
  const { [wrapperKey!]: _twin, ...wrapper } = raw;
  const twin = fromAdt(inner);
  if (twin.lastUpdateTime === undefined) {
    const twinData = Object.entries(wrapper).find(([key]) => key.toLowerCase() === 'twindata')?.[1];
    const time = isObject(twinData) ? Object.entries(twinData).find(([key]) => key.toLowerCase() === 'lastupdatetime')?.[1] : undefined;
    if (typeof time === 'string') twin.lastUpdateTime = time;
  }
  return { ...wrapper, ...twin };
}

function isAdtTwin(o: JsonObject): boolean {
  return typeof o.$dtId === 'string' && !hasKey(o, 'contents');
}

function hasKey(o: JsonObject, name: string): boolean {
  return Object.keys(o).some((key) => key.toLowerCase() === name);
}

function fromAdt(adt: JsonObject): JsonObject {
  const metadata = isObject(adt.$metadata) ? adt.$metadata : {};
  const contents = Object.fromEntries(Object.entries(adt).filter(([key]) => !key.startsWith('$')));
  const twin: JsonObject = { id: adt.$dtId, contents };
  if (typeof metadata.$model === 'string') twin.modelId = metadata.$model;
  if (typeof metadata.$lastUpdateTime === 'string') twin.lastUpdateTime = metadata.$lastUpdateTime;
  if (typeof adt.$etag === 'string') twin.etag = adt.$etag;
  return twin;
}
