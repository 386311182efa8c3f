import type { DigitalTwin, Relationship } from '../../core/api/types';
import type { ModelIndex } from '../../core/dtdl/modelIndex';
import { EXTERNAL_ID_KEY } from '../../core/dtdl/twinValidation';
import { COLLECTIONS } from '../collectionNames';
import type { Collection, Store } from '../store/store';
import type { Clock } from '../../core/api/clock';

/** A stored twin: the document as PUT (relationships live in their own collection). */
export interface StoredTwin {
  id: string;
  modelId: string;
  lastUpdateTime: string;
  contents: Record<string, unknown>;
}

/**
 * Twins and relationships over the store, with the indexes queries need: relationships by source
 * and by target, twins by external id, and the sorted id list that continuation tokens walk.
 * Every twin or relationship write goes through here so the indexes stay in step.
 */
export class TwinGraph {
  readonly twins: Collection<StoredTwin>;
  readonly relationships: Collection<Relationship>;
  private readonly outgoingIds = new Map<string, Set<string>>();
  private readonly incomingIds = new Map<string, Set<string>>();
  private readonly byExternalId = new Map<string, string>();
  private sorted: string[] | undefined;

  /** `clock` dates every write (lastUpdateTime, createdDate…); tests inject a fake one. */
  constructor(
    readonly store: Store,
    /** Replaced when the emulator reloads its models folder (`replaceModels`). */
    public models: ModelIndex,
    readonly clock: Pick<Clock, 'now'>,
  ) {
    this.twins = store.collection<StoredTwin>(COLLECTIONS.twins);
    this.relationships = store.collection<Relationship>(COLLECTIONS.relationships);
    for (const twin of this.twins.values()) this.indexTwin(undefined, twin);
    for (const rel of this.relationships.values()) this.indexRelationship(rel);
  }
  private lastStamp = 0;

  /**
   * The clock's time as an ISO 8601 timestamp for a write, strictly later than the previous write's (by 1 ms
   * when the clock has not moved): two writes never share a lastUpdateTime, so "changed since" checks hold.
   */
  isoNow(): string {
    this.lastStamp = Math.max(this.clock.now(), this.lastStamp + 1);
    return new Date(this.lastStamp).toISOString();
  }

  getTwin(id: string): StoredTwin | undefined {
    return this.twins.get(id);
  }

  twinIdByExternalId(externalId: string): string | undefined {
    return this.byExternalId.get(externalId);
  }

  /** Stores (creates or replaces) a validated twin. */
  putTwin(twin: StoredTwin): void {
    const previous = this.twins.get(twin.id);
    this.twins.put(twin.id, twin);
    this.indexTwin(previous, twin);
  }

  /** Stores a relationship whose id is already derived; returns it. */
  putRelationship(rel: Relationship & { id: string }): Relationship {
    this.relationships.put(rel.id, rel);
    this.indexRelationship(rel);
    return rel;
  }

  /** Deletes a twin with every relationship from or to it (one batch); the ids of the relationships deleted. */
  deleteTwin(id: string): string[] {
    const twin = this.twins.get(id);
    if (!twin) return [];
    const relationshipIds = [...new Set([...(this.outgoingIds.get(id) ?? []), ...(this.incomingIds.get(id) ?? [])])];
    this.store.batch(() => {
      for (const relId of relationshipIds) this.deleteRelationship(relId);
      this.twins.delete(id);
    });
    const external = twin.contents[EXTERNAL_ID_KEY];
    if (typeof external === 'string' && this.byExternalId.get(external) === id) this.byExternalId.delete(external);
    this.outgoingIds.delete(id);
    this.incomingIds.delete(id);
    this.sorted = undefined;
    return relationshipIds;
  }

  /** Deletes a relationship; whether it existed. */
  deleteRelationship(id: string): boolean {
    const rel = this.relationships.get(id);
    if (!rel) return false;
    this.relationships.delete(id);
    this.outgoingIds.get(rel.sourceId)?.delete(id);
    this.incomingIds.get(rel.targetId)?.delete(id);
    return true;
  }

  outgoing(twinId: string): Relationship[] {
    return this.resolve(this.outgoingIds.get(twinId));
  }

  incoming(twinId: string): Relationship[] {
    return this.resolve(this.incomingIds.get(twinId));
  }

  /** Twin ids in ascending code-unit order (cached until a twin is added). */
  sortedIds(): string[] {
    if (!this.sorted) this.sorted = [...this.twins.keys()].sort(compareIds);
    return this.sorted;
  }

  /** The wire form, with relationships when asked. */
  toWire(twin: StoredTwin, include: { outgoing?: boolean; incoming?: boolean } = {}): DigitalTwin {
    const wire: DigitalTwin = {
      id: twin.id,
      modelId: twin.modelId,
      lastUpdateTime: twin.lastUpdateTime,
      contents: twin.contents,
    };
    if (include.incoming) wire.incomingRelationships = this.incoming(twin.id);
    if (include.outgoing) wire.outgoingRelationships = this.outgoing(twin.id);
    return wire;
  }

  private resolve(ids: Set<string> | undefined): Relationship[] {
    if (!ids) return [];
    const out: Relationship[] = [];
    for (const id of ids) {
      const rel = this.relationships.get(id);
      if (rel) out.push(rel);
    }
    return out.sort((a, b) => compareIds(a.id ?? '', b.id ?? ''));
  }

  private indexTwin(previous: StoredTwin | undefined, twin: StoredTwin): void {
    if (!previous) this.sorted = undefined;
    const oldExternal = previous?.contents[EXTERNAL_ID_KEY];
    if (typeof oldExternal === 'string' && this.byExternalId.get(oldExternal) === twin.id)
      this.byExternalId.delete(oldExternal);
    const external = twin.contents[EXTERNAL_ID_KEY];
    if (typeof external === 'string' && external) this.byExternalId.set(external, twin.id);
  }

  private indexRelationship(rel: Relationship): void {
    add(this.outgoingIds, rel.sourceId, rel.id!);
    add(this.incomingIds, rel.targetId, rel.id!);
  }
}

function add(map: Map<string, Set<string>>, key: string, value: string): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
}

export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
