import type { Model } from '../api/types';
import type { ComponentInfo, DtdlInterface, PropertyInfo, RelationshipInfo, TelemetryInfo } from './dtdlTypes';
import { collectInterfaces, resolveInterface, type DtdlDocument } from './dtdlParser';
import { SchemaResolver } from './dtdlSchemaResolver';
import { dtmiLastSegment, pickText } from './dtdlText';
import { readDtdlFolder } from './dtdlFolder';

/** Base models of capabilities (twins that carry time series): Willow's and the emulator sample's. */
export const WILLOW_CAPABILITY_ID = 'dtmi:com:willowinc:Capability;1';
export const SAMPLE_CAPABILITY_ID = 'dtmi:com:buildingtwins:sample:Capability;1';
export const CAPABILITY_BASE_IDS: readonly string[] = [WILLOW_CAPABILITY_ID, SAMPLE_CAPABILITY_ID];
/** Any model named `Capability` in its namespace counts as a capability base too. */
const CAPABILITY_ID = /:Capability;\d+$/;

/**
 * All loaded DTDL interfaces with inheritance resolved. Lookups are O(1) maps; inherited
 * properties, relationships, ancestors and descendants are computed once per model and cached.
 * Problems (invalid files, dangling references) never throw: they are collected in `warnings`.
 */
export class ModelIndex {
  readonly warnings: string[] = [];
  private readonly interfaces = new Map<string, DtdlInterface>();
  private readonly childIds = new Map<string, string[]>();
  private readonly ancestorCache = new Map<string, string[]>();
  private readonly ancestorSets = new Map<string, Set<string>>();
  private readonly descendantCache = new Map<string, string[]>();
  private readonly propertyCache = new Map<string, Map<string, PropertyInfo>>();
  private readonly relationshipCache = new Map<string, RelationshipInfo[]>();
  private readonly componentCache = new Map<string, Map<string, ComponentInfo>>();
  private readonly telemetryCache = new Map<string, Map<string, TelemetryInfo>>();

  private constructor(documents: DtdlDocument[], warnings: string[] = []) {
    this.warnings.push(...warnings);
    const warn = (m: string): void => {
      this.warnings.push(m);
    };
    const { interfaces, schemaDefinitions } = collectInterfaces(documents, warn);
    const resolver = new SchemaResolver(schemaDefinitions, warn);
    for (const raw of interfaces) {
      const existing = this.interfaces.get(raw.id);
      if (existing) {
        warn(
          `${raw.source ?? raw.id}: ${raw.id} is already defined${existing.source ? ` in ${existing.source}` : ''} (ignored)`,
        );
        continue;
      }
      this.interfaces.set(raw.id, resolveInterface(raw, resolver, warn));
    }
    for (const model of this.interfaces.values()) this.checkReferences(model, warn);
  }

  /** From parsed JSON documents: each an interface or an array of interfaces. */
  static fromInterfaces(docs: unknown[]): ModelIndex {
    return new ModelIndex(docs.map((doc) => ({ doc })));
  }

  /** From documents with their sources (file names appear in warnings and `get(id).source`), plus earlier warnings. */
  static fromDocuments(documents: DtdlDocument[], warnings: string[] = []): ModelIndex {
    return new ModelIndex(documents, warnings);
  }

  /** From `GET /models` results; models without `modelDefinition` become empty interfaces (one warning). */
  static fromServiceModels(models: Model[]): ModelIndex {
    const documents: DtdlDocument[] = [];
    const warnings: string[] = [];
    let withoutDefinition = 0;
    for (const model of models) {
      if (typeof model.modelDefinition === 'string' && model.modelDefinition) {
        try {
          documents.push({ doc: JSON.parse(model.modelDefinition), source: model.id });
        } catch (e) {
          warnings.push(`${model.id}: modelDefinition is not valid JSON (${(e as Error).message})`);
        }
      } else {
        withoutDefinition++;
        documents.push({
          doc: {
            '@id': model.id,
            '@type': 'Interface',
            displayName: model.displayName ?? undefined,
            description: model.description ?? undefined,
          },
          source: model.id,
        });
      }
    }
    if (withoutDefinition)
      warnings.push(
        `${withoutDefinition} model(s) came without modelDefinition: their contents and inheritance are unknown`,
      );
    return new ModelIndex(documents, warnings);
  }

  /** Every `.json`/`.jsonld`/`.dtdl` file under `dir`, recursively; other files are ignored, unreadable ones are warnings. */
  static async fromFolder(dir: string): Promise<ModelIndex> {
    const { documents, warnings } = await readDtdlFolder(dir);
    return ModelIndex.fromDocuments(documents, warnings);
  }

  ids(): string[] {
    return [...this.interfaces.keys()];
  }
  get size(): number {
    return this.interfaces.size;
  }
  has(id: string): boolean {
    return this.interfaces.has(id);
  }
  get(id: string): DtdlInterface | undefined {
    return this.interfaces.get(id);
  }

  /** Direct parents (`extends`). */
  parents(id: string): string[] {
    return this.interfaces.get(id)?.extends ?? [];
  }

  /** Direct children (models that extend `id`). */
  children(id: string): string[] {
    if (this.childIds.size === 0) this.buildChildren();
    return this.childIds.get(id) ?? [];
  }

  /** All ancestors, closest first (breadth-first), each once; only known models. */
  ancestors(id: string): string[] {
    let cached = this.ancestorCache.get(id);
    if (!cached) {
      cached = this.breadthFirst(id, (m) => this.parents(m));
      this.ancestorCache.set(id, cached);
    }
    return cached;
  }

  /** All descendants (breadth-first), each once. */
  descendants(id: string): string[] {
    let cached = this.descendantCache.get(id);
    if (!cached) {
      cached = this.breadthFirst(id, (m) => this.children(m));
      this.descendantCache.set(id, cached);
    }
    return cached;
  }

  /** `id` is `baseId` or extends it (directly or not). */
  isA(id: string, baseId: string): boolean {
    if (id === baseId) return true;
    let set = this.ancestorSets.get(id);
    if (!set) {
      set = new Set(this.ancestors(id));
      this.ancestorSets.set(id, set);
    }
    return set.has(baseId);
  }

  isCapability(id: string): boolean {
    return CAPABILITY_ID.test(id) || this.ancestors(id).some((a) => CAPABILITY_ID.test(a));
  }

  /** Properties of the model and its ancestors; the closest definition of a name wins. */
  properties(id: string): Map<string, PropertyInfo> {
    return this.inherited(id, this.propertyCache, (m) => m.properties);
  }

  components(id: string): Map<string, ComponentInfo> {
    return this.inherited(id, this.componentCache, (m) => m.components);
  }

  telemetry(id: string): Map<string, TelemetryInfo> {
    return this.inherited(id, this.telemetryCache, (m) => m.telemetry);
  }

  /** Relationships of the model and its ancestors (closest definition of a name wins). */
  relationships(id: string): RelationshipInfo[] {
    let cached = this.relationshipCache.get(id);
    if (!cached) {
      cached = [...this.inherited(id, new Map(), (m) => m.relationships).values()];
      this.relationshipCache.set(id, cached);
    }
    return cached;
  }

  relationship(id: string, name: string): RelationshipInfo | undefined {
    return this.relationships(id).find((r) => r.name === name);
  }

  /** English display name, else the first language, else the id's last segment (`Room` for `dtmi:...:Room;1`). */
  displayName(id: string): string {
    return pickText(this.interfaces.get(id)?.displayName) ?? dtmiLastSegment(id);
  }

  /** The wire form served by `GET /models`. */
  toServiceModel(id: string, includeDefinition = true): Model | undefined {
    const model = this.interfaces.get(id);
    if (!model) return undefined;
    return {
      id,
      displayName: model.displayName ?? null,
      description: model.description ?? null,
      ...(includeDefinition ? { modelDefinition: JSON.stringify(model.definition) } : {}),
    };
  }

  private inherited<T extends { name: string }>(
    id: string,
    cache: Map<string, Map<string, T>>,
    own: (m: DtdlInterface) => T[],
  ): Map<string, T> {
    let result = cache.get(id);
    if (result) return result;
    result = new Map();
    for (const modelId of [id, ...this.ancestors(id)]) {
      const model = this.interfaces.get(modelId);
      if (!model) continue;
      for (const item of own(model)) if (!result.has(item.name)) result.set(item.name, item);
    }
    cache.set(id, result);
    return result;
  }

  private breadthFirst(start: string, next: (id: string) => string[]): string[] {
    const seen = new Set<string>([start]);
    const order: string[] = [];
    const queue = [start];
    for (let i = 0; i < queue.length; i++) {
      for (const n of next(queue[i])) {
        if (seen.has(n) || !this.interfaces.has(n)) continue;
        seen.add(n);
        order.push(n);
        queue.push(n);
      }
    }
    return order;
  }

  private buildChildren(): void {
    for (const model of this.interfaces.values()) {
      for (const parent of model.extends) {
        const list = this.childIds.get(parent);
        if (list) list.push(model.id);
        else this.childIds.set(parent, [model.id]);
      }
    }
  }

  private checkReferences(model: DtdlInterface, warn: (m: string) => void): void {
    const where = `${model.source ? `${model.source}: ` : ''}${model.id}`;
    for (const parent of model.extends)
      if (!this.interfaces.has(parent)) warn(`${where} extends unknown model ${parent}`);
    for (const r of model.relationships) {
      if (r.target && !this.interfaces.has(r.target))
        warn(`${where} relationship ${r.name} targets unknown model ${r.target}`);
    }
    for (const c of model.components) {
      if (!this.interfaces.has(c.schema))
        warn(`${where} component ${c.name} uses unknown interface ${c.schema || '(none)'}`);
    }
    const cyclic = [model.id, ...this.ancestors(model.id)].some((a) => this.parents(a).includes(model.id));
    if (cyclic) warn(`${where} inherits from itself (extends cycle)`);
  }
}
