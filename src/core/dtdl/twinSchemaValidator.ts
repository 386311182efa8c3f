import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { ModelIndex } from './modelIndex';
import { twinJsonSchema, VSCODE_SCHEMA_KEYWORDS, type JsonSchema } from './twinJsonSchema';
import { pointerEscape, type TwinValidationError } from './twinValidation';

/** A configured ajv instance that understands the generated schemas (formats + VS Code keywords). */
export function createSchemaAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false, strictTuples: false });
  addFormats(ajv, { mode: 'full' });
  ajv.addVocabulary(VSCODE_SCHEMA_KEYWORDS);
  return ajv;
}

/**
 * Validates twin documents with the generated JSON Schemas (the same schemas VS Code uses for
 * editing), reporting errors in validateTwin's shape. One compiled schema per model, on demand.
 */
export class TwinSchemaValidator {
  private readonly ajv = createSchemaAjv();
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly index: ModelIndex) {}

  /** Validates against the model named by `modelId` (unknown or missing models reported like validateTwin). */
  validate(twin: unknown): TwinValidationError[] {
    const modelId = typeof twin === 'object' && twin !== null ? (twin as { modelId?: unknown }).modelId : undefined;
    if (typeof modelId !== 'string' || modelId === '')
      return [{ path: '/modelId', message: 'modelId must be a non-empty string' }];
    if (!this.index.has(modelId)) return [{ path: '/modelId', message: `unknown model ${modelId}` }];
    return this.run(
      this.compile(modelId, () => twinJsonSchema(this.index, modelId)),
      twin,
    );
  }

  /** Validates any value against any schema with this validator's ajv setup. */
  validateWith(schema: JsonSchema, value: unknown): TwinValidationError[] {
    return this.run(this.ajv.compile(schema), value);
  }

  private compile(key: string, build: () => JsonSchema): ValidateFunction {
    let fn = this.compiled.get(key);
    if (!fn) {
      fn = this.ajv.compile(build());
      this.compiled.set(key, fn);
    }
    return fn;
  }

  private run(fn: ValidateFunction, value: unknown): TwinValidationError[] {
    if (fn(value)) return [];
    return toValidationErrors(fn.errors ?? []);
  }
}

/** ajv errors -> `{ path, property, message }`, one per failing location (if/then wrappers dropped). */
function toValidationErrors(errors: ErrorObject[]): TwinValidationError[] {
  const out: TwinValidationError[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (e.keyword === 'if') continue;
    let path = e.instancePath;
    if (e.keyword === 'additionalProperties')
      path += `/${pointerEscape(String((e.params as { additionalProperty: string }).additionalProperty))}`;
    if (e.keyword === 'required')
      path += `/${pointerEscape(String((e.params as { missingProperty: string }).missingProperty))}`;
    const key = `${path}\n${e.keyword}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const segments = path.split('/');
    const property = segments[1] === 'contents' && segments.length > 2 ? unescape(segments[2]) : undefined;
    const message =
      e.keyword === 'additionalProperties'
        ? 'is not allowed here'
        : e.keyword === 'enum'
          ? `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`
          : (e.message ?? e.keyword);
    out.push({ path, ...(property !== undefined ? { property } : {}), message });
  }
  return out;
}

const unescape = (s: string): string => s.replace(/~1/g, '/').replace(/~0/g, '~');
