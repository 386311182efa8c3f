// The twin graph's exports: the twins and relationships the panel has been sent, written in ADT Explorer's graph
// format, and a picture of the canvas. What the webview sends is checked: only twins this panel's host served are
// exported, and only a PNG is written. Free of 'vscode' imports.
import * as l10n from '@vscode/l10n';
import type { DigitalTwin, Relationship, TwinGraphCollection } from '../../../core/api/types';
import { type AdtGraphFile, adtGraphFile } from '../../../core/bulk/adtGraphExport';
import { MAX_PNG_DATA_URL_CHARS } from '../../../webviews/twinGraph/twinGraphProtocol';

const PNG_PREFIX = 'data:image/png;base64,';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** At most this many twins are exported at once (far more than a graph draws). */
export const MAX_EXPORT_TWINS = 20_000;

/** The twins and relationships a panel's graph answers held, by id, to export later. */
export class ServedGraph {
  readonly twins = new Map<string, DigitalTwin>();
  readonly relationships = new Map<string, Relationship>();

  /** Keeps what one POST /twins/graph answer held. */
  add(root: DigitalTwin, related: readonly TwinGraphCollection[]): void {
    if (root?.id) this.twins.set(root.id, root);
    const walk = (collections: readonly TwinGraphCollection[] | undefined): void => {
      for (const collection of collections ?? []) {
        for (const item of collection.items ?? []) {
          if (item.twin?.id) this.twins.set(item.twin.id, item.twin);
          const r = item.relationship;
          if (r?.sourceId && r.targetId) this.relationships.set(r.id ?? `${r.sourceId}_${r.name}_${r.targetId}`, r);
          walk(item.related);
        }
      }
    };
    walk(related);
  }

  /** The served twins of `twinIds` (each once); an id this host never served is refused. */
  twinsOf(twinIds: unknown): DigitalTwin[] {
    if (!Array.isArray(twinIds) || twinIds.length === 0 || twinIds.length > MAX_EXPORT_TWINS)
      throw new Error(l10n.t('Export names 1 to {0} twins of the graph', MAX_EXPORT_TWINS));
    const twins = new Map<string, DigitalTwin>();
    for (const id of twinIds) {
      const twin = typeof id === 'string' ? this.twins.get(id) : undefined;
      if (!twin) throw new Error(l10n.t('{0} is not a twin of this graph', String(id).slice(0, 80)));
      twins.set(twin.id, twin);
    }
    return [...twins.values()];
  }

  /** The ADT Explorer file of `twins`, with the relationships between them and the models they need. */
  adtFile(twins: readonly DigitalTwin[], models: ReadonlyArray<Record<string, unknown>>): AdtGraphFile {
    return adtGraphFile(twins, [...this.relationships.values()], models);
  }
}

/** The bytes of a PNG data URL from the webview; anything else is refused. */
export function pngBytes(dataUrl: unknown): Uint8Array {
  if (typeof dataUrl !== 'string' || !dataUrl.startsWith(PNG_PREFIX) || dataUrl.length > MAX_PNG_DATA_URL_CHARS)
    throw new Error(l10n.t('The picture must be a PNG data URL of at most {0} characters', MAX_PNG_DATA_URL_CHARS));
  const base64 = dataUrl.slice(PNG_PREFIX.length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw new Error(l10n.t('The picture is not valid base64'));
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length < PNG_SIGNATURE.length || PNG_SIGNATURE.some((b, i) => bytes[i] !== b))
    throw new Error(l10n.t('The picture is not a PNG'));
  return new Uint8Array(bytes);
}

/** A file name made of the id's safe characters. */
export function exportFileName(rootId: string, extension: string): string {
  const safe = rootId
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+/, '')
    .slice(0, 80);
  return `twin-graph-${safe || 'export'}.${extension}`;
}
