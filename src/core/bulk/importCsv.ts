import type { DigitalTwin } from '../api/types';
import type { DtdlSchema } from '../dtdl/dtdlTypes';
import type { ModelIndex } from '../dtdl/modelIndex';
import { isObject } from '../dtdl/dtdlText';
import { unguardedCsvCell } from '../untrusted/csvText';
import { isPrototypeKey, prototypeKeyMessage } from '../untrusted/prototypeKeys';
import { coerceCell } from './csvValues';
import { readCsv } from './csvRecords';
import type { ImportItem, ImportIssue, ParsedImport } from './importTypes';

const TWIN_COLUMNS = ['id', 'modelId'];
const RELATIONSHIP_COLUMNS = ['sourceId', 'name', 'targetId'];

/**
 * Parses a CSV import file (layout in docs/import-formats.md):
 * - twins: `id,modelId,<property columns>`; dotted columns (`address.street`, `info.serial`) reach
 *   Object fields, Map keys and component properties; cells are typed by the model's schema;
 * - relationships: `sourceId,name,targetId,<relationship property columns>`;
 * - mixed: a `kind` column (`twin` or `relationship`) and the union of both layouts; on twin rows
 *   `name` is the twin's `name` property, on relationship rows the relationship name.
 * Empty cells mean "not set"; a leading apostrophe before formula-like text (`'=…`, as exports write it) is dropped. Each item keeps the line its row starts on. A column whose name (or a
 * dotted part of it) is `__proto__`, `constructor` or `prototype` is an error on the header line.
 */
export function parseImportCsv(text: string, index: ModelIndex, file?: string): ParsedImport {
  const table = readCsv(text, file);
  const errors: ImportIssue[] = [...table.errors];
  const items: ImportItem[] = [];
  if (!table.header.length) return { items, errors };
  const col = new Map(table.header.map((h, i) => [h, i]));
  const mixed = col.has('kind');
  const hasTwins = TWIN_COLUMNS.every((c) => col.has(c));
  const hasRelationships = RELATIONSHIP_COLUMNS.every((c) => col.has(c));
  if (!hasTwins && !hasRelationships) {
    errors.push({
      file,
      line: 1,
      message:
        'the header must have id,modelId (twins), sourceId,name,targetId (relationships), or a kind column with both',
    });
    return { items, errors };
  }
  const fileKind = mixed ? undefined : hasTwins ? 'twin' : 'relationship';
  const refused = refusedColumns(table.header);
  for (const column of refused) {
    errors.push({
      file,
      line: table.headerLine,
      path: column,
      message: prototypeKeyMessage(column.split('.').find(isPrototypeKey)!, `column ${column}`),
    });
  }
  if (refused.length) return { items, errors };
  const twinProps = table.header.filter(
    (h) => !['kind', ...TWIN_COLUMNS, ...(mixed ? ['sourceId', 'targetId'] : [])].includes(h),
  );
  const relProps = table.header.filter((h) => !['kind', ...TWIN_COLUMNS, ...RELATIONSHIP_COLUMNS].includes(h));
  const typing = new ColumnTyping(index);

  for (const { line, cells } of table.rows) {
    const cell = (name: string): string => (col.has(name) ? unguardedCsvCell(cells[col.get(name)!]) : '');
    const kind = fileKind ?? cell('kind').trim().toLowerCase();
    if (kind === 'twin') {
      if (!hasTwins) {
        errors.push({ file, line, message: 'twin rows need id and modelId columns' });
        continue;
      }
      const modelId = cell('modelId').trim();
      const twin: DigitalTwin = { id: cell('id').trim(), modelId };
      const contents: Record<string, unknown> = {};
      let bad = false;
      for (const column of twinProps) {
        const text = cell(column);
        if (text === '') continue;
        const path = column.split('.');
        try {
          setPath(contents, path, coerceCell(text, typing.schema(modelId, path)));
        } catch (e) {
          errors.push({ file, line, path: column, message: `column ${column}: ${(e as Error).message}` });
          bad = true;
        }
      }
      if (bad) continue;
      if (Object.keys(contents).length) twin.contents = contents;
      items.push({ kind: 'twin', file, line, twin });
    } else if (kind === 'relationship') {
      if (!hasRelationships) {
        errors.push({ file, line, message: 'relationship rows need sourceId, name and targetId columns' });
        continue;
      }
      const csvProperties: Record<string, string> = {};
      for (const column of relProps) if (cell(column) !== '') csvProperties[column] = cell(column);
      items.push({
        kind: 'relationship',
        file,
        line,
        relationship: {
          sourceId: cell('sourceId').trim(),
          name: cell('name').trim(),
          targetId: cell('targetId').trim(),
        },
        ...(Object.keys(csvProperties).length ? { csvProperties } : {}),
      });
    } else {
      errors.push({
        file,
        line,
        path: 'kind',
        message: `kind must be "twin" or "relationship", found "${cell('kind')}"`,
      });
    }
  }
  return { items, errors };
}

/** Resolves the DTDL schema of a dotted column for a model (cached per model and column). */
class ColumnTyping {
  private readonly cache = new Map<string, DtdlSchema | undefined>();
  constructor(private readonly index: ModelIndex) {}

  schema(modelId: string, path: string[]): DtdlSchema | undefined {
    const key = `${modelId}\n${path.join('.')}`;
    if (!this.cache.has(key)) this.cache.set(key, this.resolve(modelId, path));
    return this.cache.get(key);
  }

  private resolve(modelId: string, path: string[]): DtdlSchema | undefined {
    if (!this.index.has(modelId)) return undefined;
    let model = modelId;
    let schema: DtdlSchema | undefined;
    for (const segment of path) {
      if (!schema) {
        const prop = this.index.properties(model).get(segment);
        if (prop) {
          schema = prop.schema;
          continue;
        }
        const component = this.index.components(model).get(segment);
        if (component && this.index.has(component.schema)) {
          model = component.schema;
          continue;
        }
        return undefined;
      }
      if (schema.kind === 'object') schema = schema.fields.find((f) => f.name === segment)?.schema;
      else if (schema.kind === 'map') schema = schema.value;
      else return undefined;
      if (!schema) return undefined;
    }
    return schema;
  }
}

/** Header columns that name a prototype slot anywhere in their dotted path. */
function refusedColumns(header: string[]): string[] {
  return header.filter((column) => column.split('.').some(isPrototypeKey));
}

/**
 * Sets `target[a][b]…` for the path `a.b…`, creating objects on the way. Prototype keys are refused
 * and only own properties are followed, so nothing outside `target` can be reached.
 */
function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  const refused = path.find(isPrototypeKey);
  if (refused !== undefined) throw new Error(prototypeKeyMessage(refused, 'the column'));
  let node = target;
  for (const segment of path.slice(0, -1)) {
    const next = Object.hasOwn(node, segment) ? node[segment] : undefined;
    if (!isObject(next)) node[segment] = {};
    node = node[segment] as Record<string, unknown>;
  }
  node[path[path.length - 1]] = value;
}
