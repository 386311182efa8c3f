// New twin drafts from a model: every property with a placeholder saying what to fill in. Pure: no 'vscode' (unit-tested in Node).
import { unitSymbol } from '../../core/dtdl/unitSymbols';
import { randomBytes } from 'node:crypto';
import * as l10n from '@vscode/l10n';
import type { DigitalTwin } from '../../core/api/types';
import { dtmiLastSegment, pickText } from '../../core/dtdl/dtdlText';
import type { DtdlSchema, PropertyInfo } from '../../core/dtdl/dtdlTypes';
import type { ModelIndex } from '../../core/dtdl/modelIndex';

/** What a placeholder starts with: `"<fill in: number in squareMetre — Floor area>"`. Create refuses a draft holding one. */
export const PLACEHOLDER_PREFIX = '<fill in: ';

/** The kind of value a DTDL schema takes, in words (enums: their values). */
function schemaHint(schema: DtdlSchema): string | undefined {
  switch (schema.kind) {
    case 'primitive':
      return schema.name;
    case 'enum':
      return l10n.t('one of {0}', schema.values.map((v) => String(v.value)).join(' | '));
    case 'object':
      return l10n.t('object with {0}', schema.fields.map((f) => f.name).join(', '));
    case 'map':
      return l10n.t('map');
    case 'array':
      return l10n.t('array');
    case 'unit':
      return l10n.t('unit name');
    case 'unresolved':
      return undefined;
  }
}

/** The placeholder of a property: its schema, unit and description; undefined when its schema is unknown. */
function propertyHint(prop: PropertyInfo): string | undefined {
  const hint = schemaHint(prop.schema);
  if (hint === undefined) return undefined;
  const unit = prop.unit ? l10n.t(' in {0}', unitSymbol(prop.unit)) : '';
  const about = pickText(prop.description) ?? pickText(prop.displayName);
  return `${PLACEHOLDER_PREFIX}${hint}${unit}${about ? ` — ${about}` : ''}>`;
}

function isPlaceholder(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith(PLACEHOLDER_PREFIX) && value.endsWith('>');
}

/**
 * The properties still holding a placeholder, as `<twin id>: <property>`, in what Create from JSON reads: one twin,
 * an array of twins and relationships, or `{ twins, relationships }`. Anything else has none.
 */
export function draftPlaceholders(value: unknown): string[] {
  const items = Array.isArray(value)
    ? value
    : value && typeof value === 'object' && Array.isArray((value as { twins?: unknown }).twins)
      ? (value as { twins: unknown[] }).twins
      : [value];
  const found: string[] = [];
  for (const item of items) {
    const contents = item && typeof item === 'object' ? (item as { contents?: unknown }).contents : undefined;
    if (!contents || typeof contents !== 'object') continue;
    const id = String((item as { id?: unknown }).id ?? '?');
    for (const [name, v] of Object.entries(contents)) if (isPlaceholder(v)) found.push(`${id}: ${name}`);
  }
  return found;
}

/** A readable, probably unique twin id for a model: `Room-3f9a1c`. */
export function suggestTwinId(modelId: string): string {
  const base = dtmiLastSegment(modelId).replace(/[^A-Za-z0-9_-]/g, '') || 'Twin';
  return `${base}-${randomBytes(3).toString('hex')}`;
}

/**
 * A twin of `modelId` with every property (inherited ones included) holding a placeholder that says what to fill in
 * (its schema, unit and description), in name order: fill each in or remove it; Create refuses placeholders.
 * Components are left out (add them by hand when a twin needs one).
 */
export function twinDraft(index: ModelIndex, modelId: string, id = suggestTwinId(modelId)): DigitalTwin {
  if (!index.has(modelId))
    throw new Error(l10n.t('Unknown model {0}: it is not among the models of the connection.', modelId));
  const contents: Record<string, unknown> = {};
  const properties = [...index.properties(modelId).values()].sort((a, b) => a.name.localeCompare(b.name));
  for (const prop of properties) {
    const hint = propertyHint(prop);
    if (hint !== undefined) contents[prop.name] = hint;
  }
  return { id, modelId, contents };
}

/** The draft's document text: `id`, `modelId`, `contents` in that order, two-space indented. */
export function twinDraftText(twin: DigitalTwin): string {
  return `${JSON.stringify({ id: twin.id, modelId: twin.modelId, contents: twin.contents ?? {} }, null, 2)}\n`;
}
