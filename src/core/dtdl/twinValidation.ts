import type { DtdlSchema, PropertyInfo } from './dtdlTypes';
import type { ModelIndex } from './modelIndex';
import { checkPrimitive } from './primitiveRules';
import { isObject } from './dtdlText';
import { twinFieldProblems } from './twinIdFields';

export interface TwinValidationError {
  /** JSON Pointer into the twin, e.g. `/contents/temperature` or `/contents/mappedIds/0/value`. */
  path: string;
  /** Top-level content key concerned, when there is one. */
  property?: string;
  message: string;
}

/**
 * The service keeps a twin's external id in `contents.externalID` (see types.ts), so it is
 * accepted as a string even when the model does not declare it.
 */
export const EXTERNAL_ID_KEY = 'externalID';

/**
 * Checks a twin against its model; an empty list means valid. `idFields` (default true) adds the service's
 * own checks of a created twin: a DTMI model id and GUID id fields (twinIdFields.ts).
 */
export function validateTwin(
  index: ModelIndex,
  twin: { id?: unknown; modelId: string; contents?: Record<string, unknown> },
  options: { idFields?: boolean } = {},
): TwinValidationError[] {
  const errors: TwinValidationError[] = [];
  if (!isObject(twin)) return [{ path: '', message: 'a twin must be a JSON object' }];
  if ('id' in twin && (typeof twin.id !== 'string' || twin.id.trim() === ''))
    errors.push({ path: '/id', message: 'id must be a non-empty string' });
  const modelId: unknown = twin.modelId;
  if (typeof modelId !== 'string' || modelId === '') {
    errors.push({ path: '/modelId', message: 'modelId must be a non-empty string' });
    return errors;
  }
  // The service's own checks (a DTMI model id, GUID id fields), which it answers with a 500.
  const fieldProblems = options.idFields === false ? [] : twinFieldProblems(twin);
  for (const p of fieldProblems) {
    errors.push(
      p.field === 'ModelId'
        ? { path: p.path, message: `modelId must be a DTMI (dtmi:…;1), got ${JSON.stringify(modelId)}` }
        : {
            path: p.path,
            property: p.field,
            message: `${p.field} must be a GUID, got ${JSON.stringify((twin.contents as Record<string, unknown>)[p.field])}`,
          },
    );
  }
  if (fieldProblems.some((p) => p.field === 'ModelId')) return errors;
  if (!index.has(modelId)) {
    errors.push({ path: '/modelId', message: `unknown model ${modelId}` });
    return errors;
  }
  const contents: unknown = twin.contents;
  if (contents === undefined) return errors;
  if (!isObject(contents)) {
    errors.push({ path: '/contents', message: 'contents must be a JSON object' });
    return errors;
  }
  validateContents(index, modelId, contents, '/contents', undefined, errors);
  return errors;
}

function validateContents(
  index: ModelIndex,
  modelId: string,
  contents: Record<string, unknown>,
  base: string,
  topProperty: string | undefined,
  errors: TwinValidationError[],
): void {
  const properties = index.properties(modelId);
  const components = index.components(modelId);
  for (const [key, value] of Object.entries(contents)) {
    const path = `${base}/${pointerEscape(key)}`;
    const property = topProperty ?? key;
    const prop = properties.get(key);
    if (prop) {
      validateValue(prop.schema, value, path, property, errors);
      continue;
    }
    const component = components.get(key);
    if (component) {
      if (!isObject(value)) errors.push({ path, property, message: `component ${key} must be a JSON object` });
      else if (index.has(component.schema)) validateContents(index, component.schema, value, path, property, errors);
      continue;
    }
    // Accepted without a declaration: `$metadata` (per-property metadata as the service returns it) and `$etag`.
    if (key === '$metadata') {
      if (!isObject(value)) errors.push({ path, property, message: '$metadata must be a JSON object' });
    } else if (key === '$etag') {
      if (typeof value !== 'string') errors.push({ path, property, message: '$etag must be a string' });
    } else if (key === EXTERNAL_ID_KEY && !topProperty) {
      if (typeof value !== 'string') errors.push({ path, property, message: `${EXTERNAL_ID_KEY} must be a string` });
    } else {
      errors.push({ path, property, message: `${key} is not a property or component of ${modelId}` });
    }
  }
}

/** Checks values against declared properties (e.g. relationship properties); unknown keys are errors. */
export function validateProperties(
  declared: ReadonlyMap<string, PropertyInfo> | PropertyInfo[],
  values: Record<string, unknown>,
  base: string,
  owner: string,
): TwinValidationError[] {
  const map = declared instanceof Map ? declared : new Map((declared as PropertyInfo[]).map((p) => [p.name, p]));
  const errors: TwinValidationError[] = [];
  for (const [key, value] of Object.entries(values)) {
    const path = `${base}/${pointerEscape(key)}`;
    const prop = map.get(key);
    if (prop) validateValue(prop.schema, value, path, key, errors);
    else errors.push({ path, property: key, message: `${key} is not a property of ${owner}` });
  }
  return errors;
}

/** Checks one value against a DTDL schema, appending errors named by JSON Pointer. */
function validateValue(
  schema: DtdlSchema,
  value: unknown,
  path: string,
  property: string | undefined,
  errors: TwinValidationError[],
): void {
  const fail = (message: string): void => {
    errors.push({ path, ...(property !== undefined ? { property } : {}), message });
  };
  if (value === null) {
    fail('must not be null (omit the property instead)');
    return;
  }
  switch (schema.kind) {
    case 'primitive': {
      const problem = checkPrimitive(schema.name, value);
      if (problem) fail(problem);
      return;
    }
    case 'unit':
      if (typeof value !== 'string') fail(`must be a unit name string (${schema.name})`);
      return;
    case 'unresolved':
      return;
    case 'enum': {
      if (!schema.values.some((v) => v.value === value)) {
        const allowed = schema.values.map((v) => JSON.stringify(v.value)).join(', ');
        fail(`must be one of ${allowed}`);
      }
      return;
    }
    case 'object': {
      if (!isObject(value)) {
        fail('must be a JSON object');
        return;
      }
      const fields = new Map(schema.fields.map((f) => [f.name, f]));
      for (const [key, fieldValue] of Object.entries(value)) {
        const field = fields.get(key);
        if (field) validateValue(field.schema, fieldValue, `${path}/${pointerEscape(key)}`, property, errors);
        else
          errors.push({
            path: `${path}/${pointerEscape(key)}`,
            ...(property !== undefined ? { property } : {}),
            message: `${key} is not a field of this object (fields: ${[...fields.keys()].join(', ') || 'none'})`,
          });
      }
      return;
    }
    case 'map': {
      if (!isObject(value)) {
        fail('must be a JSON object (a map)');
        return;
      }
      for (const [key, item] of Object.entries(value))
        validateValue(schema.value, item, `${path}/${pointerEscape(key)}`, property, errors);
      return;
    }
    case 'array': {
      if (!Array.isArray(value)) {
        fail('must be an array');
        return;
      }
      value.forEach((item, i) => validateValue(schema.element, item, `${path}/${i}`, property, errors));
      return;
    }
  }
}

export function pointerEscape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
