import type {
  CommandInfo,
  ComponentInfo,
  DtdlInterface,
  PropertyInfo,
  RelationshipInfo,
  TelemetryInfo,
} from './dtdlTypes';
import { contextVersion, isObject, localized, typeList, type JsonObject } from './dtdlText';
import { type SchemaResolver } from './dtdlSchemaResolver';

/** One parsed JSON document (an interface or an array of them) and where it came from. */
export interface DtdlDocument {
  doc: unknown;
  source?: string;
}

/** An interface found in a document, before its contents are resolved. */
export interface RawInterface {
  id: string;
  node: JsonObject;
  version: number;
  source?: string;
  /** `extends` as ids (inline interfaces replaced by their ids). */
  extends: string[];
  /** Component name -> interface id (inline interfaces replaced by their ids). */
  componentSchemas: Map<string, string>;
}

const CONTENT_KINDS = ['Property', 'Telemetry', 'Relationship', 'Component', 'Command'] as const;
const COMPLEX_SCHEMAS = ['Enum', 'Object', 'Map', 'Array'];

/**
 * Finds every interface (top-level, array members, inline `extends` and inline component schemas)
 * and every named complex schema (interface `schemas` and any inline schema with an `@id`).
 */
export function collectInterfaces(
  documents: DtdlDocument[],
  warn: (m: string) => void,
): {
  interfaces: RawInterface[];
  schemaDefinitions: Map<string, JsonObject>;
} {
  const interfaces: RawInterface[] = [];
  const schemaDefinitions = new Map<string, JsonObject>();

  const addInterface = (node: JsonObject, source: string | undefined, version: number, fallbackId: string): string => {
    const id = typeof node['@id'] === 'string' ? node['@id'] : fallbackId;
    const ownVersion = node['@context'] !== undefined ? contextVersion(node['@context'], version) : version;
    const ext: string[] = [];
    const extendsList = node.extends === undefined ? [] : Array.isArray(node.extends) ? node.extends : [node.extends];
    extendsList.forEach((e, i) => {
      if (typeof e === 'string') ext.push(e);
      else if (isObject(e)) ext.push(addInterface(e, source, ownVersion, `${id}#extends${i}`));
      else warn(`${source ?? id}: ${id} has an invalid extends entry`);
    });
    const componentSchemas = new Map<string, string>();
    for (const content of Array.isArray(node.contents) ? node.contents : []) {
      if (!isObject(content) || !typeList(content).includes('Component') || typeof content.name !== 'string') continue;
      if (typeof content.schema === 'string') componentSchemas.set(content.name, content.schema);
      else if (isObject(content.schema))
        componentSchemas.set(content.name, addInterface(content.schema, source, ownVersion, `${id}#${content.name}`));
    }
    for (const schema of Array.isArray(node.schemas) ? node.schemas : []) collectSchemas(schema);
    collectSchemas(node.contents);
    interfaces.push({ id, node, version: ownVersion, source, extends: ext, componentSchemas });
    return id;
  };

  const collectSchemas = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(collectSchemas);
    } else if (isObject(value)) {
      if (typeof value['@id'] === 'string' && typeList(value).some((t) => COMPLEX_SCHEMAS.includes(t)))
        schemaDefinitions.set(value['@id'], value);
      for (const [key, child] of Object.entries(value)) {
        // Inline interfaces (component schemas) are collected as interfaces, not walked here.
        if (key === 'schema' && isObject(child) && typeList(child).includes('Interface')) continue;
        if (typeof child === 'object' && child !== null) collectSchemas(child);
      }
    }
  };

  for (const { doc, source } of documents) {
    const list = Array.isArray(doc) ? doc : [doc];
    list.forEach((node, i) => {
      const where = source ?? `document ${i}`;
      if (!isObject(node) || !typeList(node).includes('Interface')) {
        warn(`${where}: not a DTDL Interface (skipped)`);
        return;
      }
      if (typeof node['@id'] !== 'string') {
        warn(`${where}: Interface without @id (skipped)`);
        return;
      }
      addInterface(node, source, contextVersion(node['@context']), node['@id']);
    });
  }
  return { interfaces, schemaDefinitions };
}

/** Resolves a raw interface's own contents (not inherited ones). */
export function resolveInterface(raw: RawInterface, schemas: SchemaResolver, warn: (m: string) => void): DtdlInterface {
  const { node, id } = raw;
  const result: DtdlInterface = {
    id,
    dtdlVersion: raw.version,
    extends: raw.extends,
    displayName: localized(node.displayName),
    description: localized(node.description),
    comment: typeof node.comment === 'string' ? node.comment : undefined,
    properties: [],
    telemetry: [],
    relationships: [],
    components: [],
    commands: [],
    source: raw.source,
    definition: node,
  };
  const seen = new Set<string>();
  const where = `${raw.source ? `${raw.source}: ` : ''}${id}`;
  for (const content of Array.isArray(node.contents) ? node.contents : []) {
    if (!isObject(content) || typeof content.name !== 'string') {
      warn(`${where}: content without a name (skipped)`);
      continue;
    }
    const types = typeList(content);
    const kind = CONTENT_KINDS.find((k) => types.includes(k));
    if (!kind) {
      warn(`${where}: content ${content.name} has no known @type (${types.join(', ')})`);
      continue;
    }
    if (seen.has(content.name)) warn(`${where}: content name ${content.name} is declared twice`);
    seen.add(content.name);
    const common = {
      name: content.name,
      definedIn: id,
      displayName: localized(content.displayName),
      description: localized(content.description),
      comment: typeof content.comment === 'string' ? content.comment : undefined,
      semanticTypes: types.filter((t) => t !== kind),
    };
    const at = `${where} ${kind.toLowerCase()} ${content.name}`;
    switch (kind) {
      case 'Property':
        result.properties.push(property(content, common, schemas, at));
        break;
      case 'Telemetry':
        result.telemetry.push({
          ...common,
          schema: schemas.resolve(content.schema, at),
          unit: str(content.unit),
        } satisfies TelemetryInfo);
        break;
      case 'Relationship':
        result.relationships.push(relationship(content, common, schemas, at));
        break;
      case 'Component':
        result.components.push({
          ...common,
          schema: raw.componentSchemas.get(content.name) ?? '',
        } satisfies ComponentInfo);
        break;
      case 'Command':
        result.commands.push({
          ...common,
          request: payload(content.request, schemas, at),
          response: payload(content.response, schemas, at),
        } satisfies CommandInfo);
        break;
    }
  }
  return result;
}

type Common = Omit<PropertyInfo, 'schema' | 'writable'>;

function property(content: JsonObject, common: Common, schemas: SchemaResolver, at: string): PropertyInfo {
  return {
    ...common,
    schema: schemas.resolve(content.schema, at),
    writable: content.writable === true,
    unit: str(content.unit),
    annotates: str(content.annotates),
    overrides: str(content.overrides),
  };
}

function relationship(content: JsonObject, common: Common, schemas: SchemaResolver, at: string): RelationshipInfo {
  const properties: PropertyInfo[] = [];
  for (const p of Array.isArray(content.properties) ? content.properties : []) {
    if (!isObject(p) || typeof p.name !== 'string') continue;
    properties.push(
      property(
        p,
        {
          name: p.name,
          definedIn: common.definedIn,
          displayName: localized(p.displayName),
          description: localized(p.description),
          comment: str(p.comment),
          semanticTypes: typeList(p).filter((t) => t !== 'Property'),
        },
        schemas,
        `${at} property ${p.name}`,
      ),
    );
  }
  return {
    ...common,
    target: str(content.target),
    properties,
    writable: content.writable !== false,
    minMultiplicity: typeof content.minMultiplicity === 'number' ? content.minMultiplicity : undefined,
    maxMultiplicity: typeof content.maxMultiplicity === 'number' ? content.maxMultiplicity : undefined,
  };
}

function payload(value: unknown, schemas: SchemaResolver, at: string): CommandInfo['request'] {
  if (!isObject(value)) return undefined;
  return { name: str(value.name) ?? 'payload', schema: schemas.resolve(value.schema, `${at} payload`) };
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
