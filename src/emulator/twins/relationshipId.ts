import type { Relationship } from '../../core/api/types';

/**
 * `{sourceId}_{name}[_{propKey}_{propValue}…]_{targetId}`, property keys sorted; string values as
 * they are, other values as JSON. Unique per (source, target, name, properties).
 */
export function deriveRelationshipId(rel: Pick<Relationship, 'sourceId' | 'targetId' | 'name' | 'properties'>): string {
  const parts = [rel.sourceId, rel.name];
  for (const key of Object.keys(rel.properties ?? {}).sort()) {
    const value = rel.properties![key];
    parts.push(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  parts.push(rel.targetId);
  return parts.join('_');
}
