import { resourceUri } from '../documents/resourceUri';
import type { TreeNode } from './treeNode';

/** A tree row that shows a resource of the service (a twin, a ticket, an event, a twin's relationships). */
export interface ResourceRow {
  /**
   * Takes the resource as the service holds it after a write. Returns the node to draw again: the row itself,
   * or the group it moves in (a ticket whose status changed), or undefined when nothing shown changed.
   */
  showWritten(value: unknown): TreeNode | undefined;
}

/**
 * The rows that show each resource, by key (`resourceUri(...).toString()`). Rows register when they are created
 * and are held weakly: rows a refresh dropped are forgotten once collected, and one still held draws nowhere
 * (VS Code ignores a change event for an element it no longer shows).
 */
export class ResourceRows {
  private readonly rows = new Map<string, Set<WeakRef<ResourceRow>>>();

  add(key: string, row: ResourceRow): void {
    const set = this.rows.get(key) ?? new Set<WeakRef<ResourceRow>>();
    for (const ref of set) if (!ref.deref()) set.delete(ref);
    set.add(new WeakRef(row));
    this.rows.set(key, set);
  }

  /** The live rows registered under `key`. */
  of(key: string): ResourceRow[] {
    const set = this.rows.get(key);
    if (!set) return [];
    this.prune(key, set);
    return [...set].map((ref) => ref.deref()).filter((row): row is ResourceRow => row !== undefined);
  }

  private prune(key: string, set: Set<WeakRef<ResourceRow>>): void {
    for (const ref of set) if (!ref.deref()) set.delete(ref);
    if (set.size === 0) this.rows.delete(key);
  }
}

/** The key of the rows showing a resource: its document URI (`buildingtwins:/<connection>/<kind>/<id…>.json`). */
export function rowKey(connection: string, kind: string, ...ids: string[]): string {
  return resourceUri(connection, kind, ...ids).toString();
}

/** The key of a twin's Outgoing or Incoming relationships row. */
export function relationshipsRowKey(connection: string, twinId: string, direction: 'Outgoing' | 'Incoming'): string {
  return `${rowKey(connection, 'twins', twinId)}#${direction.toLowerCase()}`;
}

/** The rows a write of this resource changes: its own rows; for a relationship, the lists of its two twins. */
export function writtenRowKeys(connection: string, kind: string, ids: readonly string[], value: unknown): string[] {
  if (kind !== 'relationships') return [rowKey(connection, kind, ...ids)];
  const rel = value as { sourceId?: unknown; targetId?: unknown } | undefined;
  const keys: string[] = [];
  if (typeof rel?.sourceId === 'string') keys.push(relationshipsRowKey(connection, rel.sourceId, 'Outgoing'));
  if (typeof rel?.targetId === 'string') keys.push(relationshipsRowKey(connection, rel.targetId, 'Incoming'));
  return keys;
}
