// What an explorer row stands for, asked one way by copy, panels, commands and handlers: every row (TreeNode)
// answers `connection`, `kind`, `ids` and `value`. Types only and a guard, no 'vscode', so pure modules can read rows.
import type { BuildingEvent, DigitalTwin, Insight, Relationship, Ticket, TicketAttachment } from '../../core/api/types';

/** The value a row of each kind shows; the resource kinds are the document kinds (`buildingtwins:/<connection>/<kind>/…`). */
export interface RowValues {
  connection: undefined;
  twins: DigitalTwin;
  models: undefined;
  relationships: Relationship;
  insights: Insight;
  tickets: Ticket;
  events: BuildingEvent;
  ticketAttachments: TicketAttachment;
  /** The twins of one model under Twins; `ids` is [modelId]. */
  twinGroup: undefined;
  /** The Events group of a connection. */
  eventsGroup: undefined;
  /** A kind of ticket metadata (`ids` is [kind]) and one of its items. */
  ticketMetadataKind: undefined;
  ticketMetadataItem: unknown;
  loadMore: undefined;
}

export type RowKind = keyof RowValues;

/** A row: its connection, what it shows and the ids that address it on the service (a relationship: source id, id). */
export interface RowSubject<K extends RowKind = RowKind> {
  /** The connection the row belongs to (undefined only outside a connection). */
  readonly connection: string | undefined;
  /** Undefined for rows that stand for nothing of their own (messages, Outgoing/Incoming, status groups). */
  readonly kind: K | undefined;
  readonly ids: readonly string[];
  readonly value: RowValues[K] | undefined;
}

/** Whether `arg` is a row of one of `kinds` (any row when none is given); commands receive rows as `unknown`. */
export function isRow<K extends RowKind>(arg: unknown, ...kinds: K[]): arg is RowSubject<K> & { kind: K } {
  if (typeof arg !== 'object' || arg === null || !('kind' in arg) || !('ids' in arg) || !('connection' in arg))
    return false;
  const kind = (arg as { kind: unknown }).kind;
  return kinds.length === 0 ? true : kinds.includes(kind as K);
}
