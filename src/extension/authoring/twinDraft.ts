// New twin drafts pre-filled from a model. Pure: no 'vscode' (unit-tested in Node).
import { randomBytes } from 'node:crypto';
import * as l10n from '@vscode/l10n';
import type { DigitalTwin } from '../../core/api/types';
import { dtmiLastSegment } from '../../core/dtdl/dtdlText';
import type { DtdlSchema } from '../../core/dtdl/dtdlTypes';
import type { ModelIndex } from '../../core/dtdl/modelIndex';

/** A value of the right type for a DTDL schema (enums: the first value); undefined when none can be made. */
export function placeholderValue(schema: DtdlSchema, now = new Date()): unknown {
  switch (schema.kind) {
    case 'primitive':
      switch (schema.name) {
        case 'boolean': return false;
        case 'string': case 'bytes': return '';
        case 'date': return now.toISOString().slice(0, 10);
        case 'dateTime': return now.toISOString();
        case 'time': return '00:00:00';
        case 'duration': return 'PT0S';
        case 'uuid': return '00000000-0000-0000-0000-000000000000';
        default: return 0;
      }
    case 'enum': return schema.values[0]?.value;
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const field of schema.fields) {
        const value = placeholderValue(field.schema, now);
        if (value !== undefined) out[field.name] = value;
      }
      return out;
    }
    case 'map': return {};
    case 'array': return [];
    case 'unit': return '';
    case 'unresolved': return undefined;
  }
}

/** A readable, probably unique twin id for a model: `Room-3f9a1c`. */
export function suggestTwinId(modelId: string): string {
  const base = dtmiLastSegment(modelId).replace(/[^A-Za-z0-9_-]/g, '') || 'Twin';
  return `${base}-${randomBytes(3).toString('hex')}`;
}

/**
 * A twin of `modelId` with every property (inherited ones included) set to a placeholder of its type,
 * in name order. Components are left out (add them by hand when a twin needs one).
 */
export function twinDraft(index: ModelIndex, modelId: string, id = suggestTwinId(modelId), now = new Date()): DigitalTwin {
  if (!index.has(modelId)) throw new Error(l10n.t('Unknown model {0}: it is not among the models of the connection.', modelId));
  const contents: Record<string, unknown> = {};
  const properties = [...index.properties(modelId).values()].sort((a, b) => a.name.localeCompare(b.name));
  for (const prop of properties) {
    const value = placeholderValue(prop.schema, now);
    if (value !== undefined) contents[prop.name] = value;
  }
  return { id, modelId, contents };
}

/** The draft's document text: `id`, `modelId`, `contents` in that order, two-space indented. */
export function twinDraftText(twin: DigitalTwin): string {
  return `${JSON.stringify({ id: twin.id, modelId: twin.modelId, contents: twin.contents ?? {} }, null, 2)}\n`;
}
