// Wire types of the Building Twin Data Service v3, shared by the client (src/core/api) and the
// local emulator (src/emulator). Shapes follow ../shared/api/service-facts.md; where the facts are
// silent the choice is documented here (and in the README's emulator section) and the client
// tolerates the reasonable alternatives (see normalize.ts).
//
// Every object type has an index signature: unknown fields sent by the service are kept.

import type { FilterOperator, SortDirection } from './filterVocabulary';
import type { InsightStatus, LegacyInsightStatus } from './insightStatus';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export interface Extra {
  [key: string]: unknown;
}

/** POST /oauth2/token response. */
export interface TokenResponse extends Extra {
  access_token: string;
  token_type: string;
  /** Seconds. */
  expires_in: number;
}

/** ASP.NET ProblemDetails. `errors` is the validation dictionary (field -> messages). */
export interface ProblemDetails extends Extra {
  type?: string | null;
  title?: string | null;
  status?: number | null;
  detail?: string | null;
  instance?: string | null;
  errors?: Record<string, string[]>;
}

// ---------------------------------------------------------------- models

export interface LocalizedText {
  [language: string]: string;
}

export interface Model extends Extra {
  id: string;
  displayName?: LocalizedText | null;
  description?: LocalizedText | null;
  /** DTDL JSON encoded as a string; present when definitions were requested (always on GET /models/{id}). */
  modelDefinition?: string | null;
  uploadTime?: string | null;
}

export interface GetModelsQuery {
  rootModel?: string;
  includeModelDefinitions?: boolean;
}

// ---------------------------------------------------------------- twins and relationships

export interface Relationship extends Extra {
  /** Derived by the service: `{sourceId}_{name}[_{propKey}_{propValue}…]_{targetId}`; a value sent is overridden. */
  id?: string;
  sourceId: string;
  targetId: string;
  name: string;
  properties?: Record<string, unknown>;
}

export interface DigitalTwin extends Extra {
  id: string;
  modelId: string;
  lastUpdateTime?: string | null;
  /** DTDL properties and components. `externalID` here is the twin's external id. */
  contents?: Record<string, unknown>;
  incomingRelationships?: Relationship[];
  outgoingRelationships?: Relationship[];
}

export type RelationshipDirection = 'Incoming' | 'Outgoing' | 'IncomingOrOutgoing';

export interface ModelFilter {
  modelIds?: string[];
  exactModelMatch?: boolean;
}

export interface PropertyFilter {
  field?: string | null;
  /**
   * The service's filter words, case-sensitive (FILTER_OPERATORS): `=`, `!=`, `>`, `>=`, `<`, `<=`,
   * `contains`, `startsWith`, `endsWith`, `isNull`, `isNotNull`, … — not `eq`, `ne`, `gt` or `exists`.
   */
  operator?: FilterOperator | null;
  value?: unknown;
  /** And | Or: how `filters` combine with this condition. */
  filterConditionOperator?: 'And' | 'Or' | string;
  filters?: PropertyFilter[];
}

export interface TwinFilters {
  modelFilter?: ModelFilter;
  relationshipFilter?: {
    relationshipDirection?: RelationshipDirection;
    relationshipNames?: string[] | null;
    relatedModelFilter?: ModelFilter;
  };
  /** Twins under this location via isPartOf / locatedIn chains (the location itself excluded). */
  locationFilter?: { locationId?: string | null };
  dateFilter?: { lastUpdatedAfter?: string | null; lastUpdatedBefore?: string | null };
  propertyFilter?: PropertyFilter;
}

export interface GetTwinsRequest extends TwinFilters {
  include?: { outgoingRelationships?: boolean; incomingRelationships?: boolean };
  /** 1..1000; the emulator's default is 100 (not documented by the service). */
  pageSize?: number;
  continuationToken?: string | null;
}

/** POST /twins response ("Page`1"). */
export interface ContinuationPage<T> extends Extra {
  content: T[];
  continuationToken: string | null;
}

export interface JsonPatchOperation {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test' | string;
  path: string;
  value?: unknown;
  from?: string;
}

/** POST /twins/graph request (one nested hop per level, recursive). */
export interface TwinGraphHop {
  alias?: string;
  relationshipNames?: string[];
  modelNames?: string[];
  exactModelMatch?: boolean;
  direction?: RelationshipDirection;
  relationship?: TwinGraphHop | null;
}
export interface TwinGraphRequest {
  alias?: string;
  id: string;
  relationships?: TwinGraphHop[] | null;
}

/** POST /twins/graph response (shape not documented; chosen: a tree that keeps every edge). */
export interface TwinGraphResult extends Extra {
  alias: string;
  twin: DigitalTwin;
  related: TwinGraphCollection[];
}
export interface TwinGraphCollection {
  alias: string;
  items: TwinGraphItem[];
}
export interface TwinGraphItem {
  relationship: Relationship;
  twin: DigitalTwin;
  related: TwinGraphCollection[];
}

// ---------------------------------------------------------------- time series

/**
 * POST /time-series body item. The twin is named by `dtId` or `externalId`; the client sends a `twinId`
 * key (the docs' example uses it) as `dtId`, the only name the service reads.
 */
export interface TimeSeriesEntry extends Extra {
  connectorId: string;
  dtId?: string | null;
  twinId?: string | null;
  externalId?: string | null;
  sourceTimestamp: string;
  scalarValue: number;
  properties?: Record<string, unknown>;
}

/**
 * What `sendTimeSeries` reports: the service answers 202 with no body (the write is queued, and entries for
 * unknown or non-Capability twins are dropped without a word), so `sent` is the number of entries sent.
 * Fields a service does put in its body are kept (older emulators sent `insertedCount`).
 */
export interface TimeSeriesSendResult extends Extra {
  sent: number;
}

export interface DataQuality {
  offline?: boolean;
  valueOutOfRange?: boolean;
  sparse?: boolean;
  flatline?: boolean;
  delayed?: boolean;
}

export interface TimeSeriesData extends Extra {
  connectorId?: string | null;
  twinId?: string | null;
  externalId?: string | null;
  sourceTimestamp: string;
  enqueuedTimestamp?: string;
  scalarValue: number;
  properties?: Record<string, unknown>;
  dataQuality?: DataQuality;
}

export interface TimeSeriesErrorData {
  message?: string;
  ids?: string[];
}

/** GET /time-series/{id} and POST /time-series/ids response. `errorData` (single) or `errorList` (ids). */
export interface TimeSeriesPage extends Extra {
  data: TimeSeriesData[] | null;
  continuationToken: string | null;
  errorData?: TimeSeriesErrorData | null;
  errorList?: unknown;
}

/** A range read: `start` and `end` are required by the service and both included. */
export interface TimeSeriesQuery {
  start?: string;
  end?: string;
  /** Required by the service; the client sends TIME_SERIES_DEFAULT_PAGE_SIZE when absent. */
  pageSize?: number;
  continuationToken?: string;
  includeDataQuality?: boolean;
}

// ---------------------------------------------------------------- batch requests (insights, events, tickets, metadata)

/**
 * `sort` is the only sort input. (The service's schema also lists `isSortDescending`, but it is computed
 * from `sort` and ignored when sent; without `sort` the service fails.)
 */
export interface SortSpecification {
  field: string;
  sort: SortDirection;
}
export interface FilterSpecification {
  /** A field of the items (a dot path into nested objects, `list[sub]` for any element, or a comma list ORed); the service ignores a filter on a field its items lack. */
  field: string;
  /** The service's filter words, case-sensitive (FILTER_OPERATORS in filterVocabulary.ts). */
  operator: FilterOperator;
  /** Not needed for isNull, isNotNull, isEmpty, isNotEmpty; a non-empty array for in, notin, containedIn. */
  value?: unknown;
  filterConditionOperator?: 'And' | 'Or' | string;
}
export interface BatchRequest {
  /** 1-based page number; 0, null or absent means the first page (chosen; the docs show `0` as a placeholder). */
  page?: number | null;
  pageSize?: number | null;
  sortSpecifications?: SortSpecification[];
  filterSpecifications?: FilterSpecification[];
}
/** `before`/`after` count items (roots, for insights) on earlier/later pages; `total` counts them all. */
export interface BatchPage<T> extends Extra {
  before: number;
  after: number;
  total: number;
  items: T[];
}

// ---------------------------------------------------------------- insights

export interface Insight extends Extra {
  id: string;
  /** null for root insights; the root's id for children. */
  scenarioId: string | null;
  twinId?: string | null;
  twinName?: string | null;
  name?: string;
  description?: string | null;
  recommendation?: string | null;
  type?: string;
  priority?: number;
  /** The legacy status word: open, acknowledged, inProgress or closed. */
  status?: LegacyInsightStatus | string;
  /** The current status: new, open, inProgress, readyToResolve, resolved or ignored. What to show. */
  lastStatus?: InsightStatus | string;
  createdDate?: string;
  updatedDate?: string;
  occurrenceCount?: number;
  ruleName?: string | null;
  impactScores?: Array<{ name: string; value: number; unit?: string }>;
  ticketIds?: string[];
  /** Stored fields the service filters and sorts on (InsightCore `InsightEntity`); the GUID of the site and customer. */
  siteId?: string | null;
  customerId?: string | null;
  sequenceNumber?: string | null;
  ruleId?: string | null;
  /** `willow`, `app` or `inspection`. */
  sourceType?: string | null;
  /** `inactive`, `active` or `archived`. */
  state?: string | null;
  detectedDate?: string | null;
  /** When it last occurred: stored as `lastOccurredDate`, the field filters and sorts name. */
  occurredDate?: string | null;
  primaryModelId?: string | null;
  externalId?: string | null;
  tags?: string[] | null;
  /** With `addFloor=true`: the GUID of the floor the insight's twin is on (the service sends no floor name). */
  floorId?: string | null;
}

// ---------------------------------------------------------------- events

export interface BuildingEvent extends Extra {
  id?: string;
  name: string | null;
  description?: string | null;
  startTime: string;
  endTime?: string | null;
  eventTypeId: number;
  eventSourceId?: string | null;
  externalId?: string | null;
  /** JSON string with type-specific values. */
  payload: string | null;
  payloadVersion: string | null;
  scalarValue?: number | null;
  twinId: string | null;
  locations?: string | null;
  createdDate?: string;
  lastModifiedDate?: string;
}
export interface EventType extends Extra {
  id: number;
  name: string;
  description?: string;
}
/** PUT /events response. Upsert key: `id` when given and known, else (`eventSourceId`, `externalId`) when both given, else a new event. */
export interface EventsUpsertResult extends Extra {
  eventsCreatedCount: number;
  eventsUpdatedCount: number;
}
/** DELETE /events: body is a JSON array of event ids (chosen); response `{ eventsDeletedCount }`. */
export interface EventsDeleteResult extends Extra {
  eventsDeletedCount: number;
}
/** POST /events/files: multipart/form-data, one or more `files` parts of JSON (array of events) or CSV (header row of event field names). */
export interface EventsFileUploadResult extends EventsUpsertResult {
  errors: Array<{ file: string; row: number; message: string }>;
}

// ---------------------------------------------------------------- tickets (pre-release group)

export interface TicketStatus extends Extra {
  id: string;
  name: string | null;
  tab?: string | null;
  color?: string | null;
}
export type PriorityLevel = 'urgent' | 'high' | 'medium' | 'low';
export interface TicketPriority extends Extra {
  id: string;
  name: string | null;
  priorityLevel: PriorityLevel;
}
export interface TicketMetadataItem extends Extra {
  id: string;
  name: string;
}
export interface TicketAttachment extends Extra {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  createdDate?: string;
}

/** Optional details of a ticket, as read and as sent on create. */
export interface TicketDetails {
  cause?: string | null;
  solution?: string | null;
  notes?: string | null;
  twinId?: string | null;
  insightId?: string | null;
  insightName?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  assigneeName?: string | null;
  dueDate?: string | null;
  externalId?: string | null;
}

export interface Ticket extends Extra, TicketDetails {
  id: string;
  summary: string | null;
  description: string | null;
  ticketStatus: TicketStatus;
  ticketPriority: TicketPriority;
  category?: TicketMetadataItem | null;
  jobType?: TicketMetadataItem | null;
  serviceNeeded?: TicketMetadataItem | null;
  createdDate?: string;
  updatedDate?: string;
  attachments?: TicketAttachment[];
}

/** PUT /tickets body. */
export interface CreateTicketRequest extends Extra, TicketDetails {
  summary: string;
  description?: string | null;
  statusId?: string;
  priorityId?: string;
  categoryId?: string | null;
  jobTypeId?: string | null;
  serviceNeededId?: string | null;
}

/**
 * The updatable properties of the ticket patch request (PatchTicketRequest). A PATCH may only use
 * `replace`, on these paths, and at most this many operations. Shared by client (checks before
 * sending) and emulator (enforces). The list itself is not documented; chosen from the create fields.
 */
export const TICKET_UPDATABLE_PROPERTIES = [
  'summary',
  'description',
  'cause',
  'solution',
  'notes',
  'statusId',
  'priorityId',
  'categoryId',
  'jobTypeId',
  'serviceNeededId',
  'assigneeName',
  'dueDate',
] as const;
export type TicketUpdatableProperty = (typeof TICKET_UPDATABLE_PROPERTIES)[number];

/** PATCH /tickets/{categories|job-types|service-needed}/{id}: JSON Patch `replace /name` (the emulator also accepts `{ name }`). */
export type TicketMetadataKind = 'categories' | 'job-types' | 'service-needed';

// ---------------------------------------------------------------- the client surface

/** Options every operation accepts. */
export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Largest response body accepted, in bytes (default 64 MiB): larger answers fail early instead of filling memory. */
  maxResponseBytes?: number;
  /** Iterators that walk to the end stop with an error past this many pages (default 10,000) … */
  maxPages?: number;
  /** … or past this many items (default 5,000,000). */
  maxItems?: number;
}

/**
 * Every operation of the contract, one method each (implemented by BuildingTwinsClient in client.ts).
 * Names are the stable vocabulary of the extension, the CLI and the tests.
 */
export interface BuildingTwinsApi {
  /** True when every write is refused before sending (BuildingTwinsClientOptions.readOnly); absent means false. */
  readonly readOnly?: boolean;
  getToken(o?: CallOptions): Promise<TokenResponse>;

  listModels(q?: GetModelsQuery, o?: CallOptions): Promise<Model[]>;
  getModel(id: string, o?: CallOptions): Promise<Model>;

  listTwins(req?: GetTwinsRequest, o?: CallOptions): Promise<ContinuationPage<DigitalTwin>>;
  iterateTwins(req?: GetTwinsRequest, o?: CallOptions): AsyncIterable<DigitalTwin>;
  /** The pages iterateTwins walks, one request each. */
  iterateTwinPages(req?: GetTwinsRequest, o?: CallOptions): AsyncIterable<ContinuationPage<DigitalTwin>>;
  putTwin(twin: DigitalTwin, o?: CallOptions): Promise<DigitalTwin>;
  getTwin(id: string, q?: { includeRelationships?: boolean }, o?: CallOptions): Promise<DigitalTwin>;
  patchTwin(id: string, patch: JsonPatchOperation[], o?: CallOptions): Promise<void>;
  getTwinsByIds(
    ids: string[],
    q?: { includeRelationships?: boolean },
    o?: CallOptions,
  ): Promise<{ twins: DigitalTwin[]; omitted: string[] }>;
  getTwinGraph(req: TwinGraphRequest, o?: CallOptions): Promise<TwinGraphResult>;
  countTwins(filters?: TwinFilters, o?: CallOptions): Promise<number>;

  putRelationship(rel: Relationship, o?: CallOptions): Promise<Relationship>;
  getRelationship(twinId: string, relationshipId: string, o?: CallOptions): Promise<Relationship>;
  listOutgoingRelationships(
    twinId: string,
    q?: { relationshipName?: string },
    o?: CallOptions,
  ): Promise<Relationship[]>;
  listIncomingRelationships(twinId: string, o?: CallOptions): Promise<Relationship[]>;

  sendTimeSeries(entries: TimeSeriesEntry[], o?: CallOptions): Promise<TimeSeriesSendResult>;
  getTimeSeries(twinId: string, q: TimeSeriesQuery, o?: CallOptions): Promise<TimeSeriesPage>;
  iterateTimeSeries(twinId: string, q: TimeSeriesQuery, o?: CallOptions): AsyncIterable<TimeSeriesData>;
  /** The pages iterateTimeSeries walks, one request each, rows normalised once. */
  iterateTimeSeriesPages(twinId: string, q: TimeSeriesQuery, o?: CallOptions): AsyncIterable<TimeSeriesPage>;
  getLatestTimeSeries(
    twinId: string,
    q?: { start?: string; end?: string; includeDataQuality?: boolean },
    o?: CallOptions,
  ): Promise<TimeSeriesData | null>;
  getTimeSeriesByIds(ids: string[], q: TimeSeriesQuery, o?: CallOptions): Promise<TimeSeriesPage>;
  iterateTimeSeriesByIds(ids: string[], q: TimeSeriesQuery, o?: CallOptions): AsyncIterable<TimeSeriesData>;
  /** The pages iterateTimeSeriesByIds walks, one request each. */
  iterateTimeSeriesByIdsPages(ids: string[], q: TimeSeriesQuery, o?: CallOptions): AsyncIterable<TimeSeriesPage>;
  getLatestTimeSeriesByIds(ids: string[], o?: CallOptions): Promise<TimeSeriesData[]>;

  listInsights(req?: BatchRequest, q?: { addFloor?: boolean }, o?: CallOptions): Promise<BatchPage<Insight>>;
  iterateInsights(req?: BatchRequest, o?: CallOptions): AsyncIterable<Insight>;
  getInsight(id: string, o?: CallOptions): Promise<Insight>;

  listEvents(req?: BatchRequest, o?: CallOptions): Promise<BatchPage<BuildingEvent>>;
  iterateEvents(req?: BatchRequest, o?: CallOptions): AsyncIterable<BuildingEvent>;
  putEvents(events: BuildingEvent[], o?: CallOptions): Promise<EventsUpsertResult>;
  deleteEvents(ids: string[], o?: CallOptions): Promise<EventsDeleteResult>;
  getEvent(id: string, o?: CallOptions): Promise<BuildingEvent>;
  listEventTypes(o?: CallOptions): Promise<EventType[]>;
  uploadEventFiles(
    files: Array<{ name: string; content: Uint8Array | string; contentType?: string }>,
    o?: CallOptions,
  ): Promise<EventsFileUploadResult>;

  listTickets(req?: BatchRequest, o?: CallOptions): Promise<BatchPage<Ticket>>;
  iterateTickets(req?: BatchRequest, o?: CallOptions): AsyncIterable<Ticket>;
  createTicket(req: CreateTicketRequest, o?: CallOptions): Promise<Ticket>;
  getTicket(id: string, o?: CallOptions): Promise<Ticket>;
  patchTicket(id: string, patch: JsonPatchOperation[], o?: CallOptions): Promise<Ticket>;
  getTicketAttachment(
    ticketId: string,
    attachmentId: string,
    o?: CallOptions,
  ): Promise<{ content: Uint8Array; contentType: string; fileName?: string }>;

  listTicketMetadata(
    kind: TicketMetadataKind,
    req?: BatchRequest,
    o?: CallOptions,
  ): Promise<BatchPage<TicketMetadataItem>>;
  createTicketMetadata(kind: TicketMetadataKind, name: string, o?: CallOptions): Promise<TicketMetadataItem>;
  renameTicketMetadata(
    kind: TicketMetadataKind,
    id: string,
    name: string,
    o?: CallOptions,
  ): Promise<TicketMetadataItem>;
  listTicketStatuses(o?: CallOptions): Promise<TicketStatus[]>;
  listTicketPriorities(o?: CallOptions): Promise<TicketPriority[]>;
}
