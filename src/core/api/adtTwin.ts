// Twins in Azure Digital Twins' own shape, as the 2024 service sent them, turned into the documented
// shape `{ id, modelId, lastUpdateTime, contents }`:
//   wrapped  `{ twin: { $dtId, $etag, $lastUpdateTime, $metadata: { $model }, ...properties },
//              incomingRelationships, outgoingRelationships, twinData }`
//   flat     `{ $dtId, $etag, $lastUpdateTime, $metadata, ...properties }`
// The properties at the ADT twin's root become `contents` (keys starting with `$` excluded), `$etag`
// becomes `etag`; the update time is the root `$lastUpdateTime` (Azure.DigitalTwins.Core's
// `LastUpdatedOn`), else `$metadata.$lastUpdateTime`, else `twinData.LastUpdateTime` (which only
// `POST /twins` adds). The wrapper's other fields are kept. ADT relationships carry their properties at
// the root beside the `$` keys: those become `properties`, spelled as sent. Any other value is
// returned as it is.

import { isObject, type JsonObject } from '../dtdl/dtdlText';
import { setOwn } from '../untrusted/prototypeKeys';

/** The documented twin shape for an ADT-shaped twin; anything else unchanged. */
export function documentedTwin(raw: unknown): unknown {
  return isObject(raw) ? withDocumentedRelationships(twinShape(raw)) : raw;
}

function twinShape(raw: JsonObject): JsonObject {
  if (isAdtTwin(raw)) return fromAdt(raw);
  const wrapperKey = Object.keys(raw).find((key) => key.toLowerCase() === 'twin');
  const inner = wrapperKey === undefined ? undefined : raw[wrapperKey];
  if (!isObject(inner) || !isAdtTwin(inner) || hasKey(raw, 'id')) return raw;
  const { [wrapperKey!]: _twin, ...wrapper } = raw;
  const twin = fromAdt(inner);
  if (twin.lastUpdateTime === undefined) {
    const twinData = Object.entries(wrapper).find(([key]) => key.toLowerCase() === 'twindata')?.[1];
    const time = isObject(twinData)
      ? Object.entries(twinData).find(([key]) => key.toLowerCase() === 'lastupdatetime')?.[1]
      : undefined;
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
  const time = typeof adt.$lastUpdateTime === 'string' ? adt.$lastUpdateTime : metadata.$lastUpdateTime;
  if (typeof time === 'string') twin.lastUpdateTime = time;
  if (typeof adt.$etag === 'string') twin.etag = adt.$etag;
  return twin;
}

/** The relationship lists of a twin (any casing) with each ADT-shaped relationship in the documented shape. */
function withDocumentedRelationships(twin: JsonObject): JsonObject {
  let out: JsonObject | undefined;
  for (const key of Object.keys(twin)) {
    const lower = key.toLowerCase();
    if ((lower !== 'incomingrelationships' && lower !== 'outgoingrelationships') || !Array.isArray(twin[key])) continue;
    out ??= { ...twin };
    out[key] = (twin[key] as unknown[]).map(documentedRelationship);
  }
  return out ?? twin;
}

const ADT_RELATIONSHIP_KEYS = ['$relationshipId', '$sourceId', '$targetId', '$relationshipName'];

/**
 * An ADT relationship (`$relationshipId`, `$sourceId`, `$targetId`, `$relationshipName`, `$etag`, properties at
 * the root) with its properties under `properties`, names kept exactly (DTDL names are case-sensitive). An
 * incoming relationship without properties gets none. Anything else is returned as it is.
 */
export function documentedRelationship(raw: unknown): unknown {
  if (!isObject(raw) || hasKey(raw, 'properties') || !ADT_RELATIONSHIP_KEYS.some((key) => typeof raw[key] === 'string'))
    return raw;
  const out: JsonObject = {};
  const properties: JsonObject = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key.startsWith('$')) setOwn(out, key, value);
    else setOwn(properties, key, value);
  }
  if (Object.keys(properties).length) out.properties = properties;
  return out;
}
