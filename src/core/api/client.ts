// The v3 client: one typed method per operation of the contract.

import { ApiError } from './apiError';
import { DEFAULT_RETRY, type RetryOptions } from './backoff';
import { resolveBaseUrl } from './baseUrl';
import {
  CircuitBreaker,
  DEFAULT_CIRCUIT_BREAKER,
  type CircuitBreakerOptions,
  type CircuitState,
} from './circuitBreaker';
import { systemClock, type Clock } from './clock';
import { Semaphore } from './concurrency';
import { type ExchangeChoice, chooseExchange } from './exchangeChoice';
import { checkPropertyFilter, type StoreLimits } from './filterChecks';
import { INSIGHT_NON_TEXT_FIELDS } from './insightEntity';
import { INSIGHT_UNRUNNABLE_OPERATORS } from './filterVocabulary';
import { INSIGHT_CODED_FIELDS } from './insightStatus';
import { twinFieldProblems } from '../dtdl/twinIdFields';
import {
  HttpTransport,
  type HttpRequest,
  type HttpResponse,
  type OutgoingWrite,
  type QueryValue,
  type RequestEvent,
} from './httpTransport';
import * as N from './normalize';
import { RecentCreations } from './recentCreations';
import { collect, itemsOf, iterateBatchPages, iterateContinuationPages } from './paging';
import { DEFAULT_RATE_LIMIT, RateLimiter, type RateBudget, type RateLimit } from './rateLimiter';
import { SecretRegistry } from './redact';
import {
  checkBatchRequest,
  checkJsonPatch,
  checkPageSize,
  checkTicketPatch,
  checkTimeSeriesEntries,
  checkTimestamp,
  requireId,
  requireIds,
  requireTwinId,
  TICKETS_MAX_PAGE_SIZE,
  TWINS_MAX_PAGE_SIZE,
} from './requestChecks';
import { noTwinKnownPage, sendResult, seriesQuery, whenNoTwinKnown, wireEntry } from './timeSeriesWire';
import { TokenProvider } from './tokenProvider';
import { MemoryTokenStore, type TokenStore } from './tokenStore';
import { namingMissingTwin } from './twinNotFound';
import { TwinPatchPaths } from './twinPatchPaths';
import type {
  BatchPage,
  BatchRequest,
  BuildingEvent,
  BuildingTwinsApi,
  CallOptions,
  ContinuationPage,
  CreateTicketRequest,
  DigitalTwin,
  EventsDeleteResult,
  EventsFileUploadResult,
  EventsUpsertResult,
  EventType,
  GetModelsQuery,
  GetTwinsRequest,
  Insight,
  JsonPatchOperation,
  Model,
  Relationship,
  Ticket,
  TicketMetadataItem,
  TicketMetadataKind,
  TicketPriority,
  TicketStatus,
  TimeSeriesData,
  TimeSeriesEntry,
  TimeSeriesPage,
  TimeSeriesQuery,
  TimeSeriesSendResult,
  TokenResponse,
  TwinFilters,
  TwinGraphRequest,
  TwinGraphResult,
} from './types';

/** A value that can travel in an HTTP header: printable ASCII, at most 8 KiB (a longer token goes in the body only). */
const HEADER_SAFE = /^[\x21-\x7e][\x20-\x7e]{0,8191}$/;
/** Insights are filtered by EF Core on SQL Server, which cannot run some of the service's operators, nor compare enum codes. */
const INSIGHT_STORE: StoreLimits = {
  unrunnable: INSIGHT_UNRUNNABLE_OPERATORS,
  codedFields: INSIGHT_CODED_FIELDS,
  nonTextFields: INSIGHT_NON_TEXT_FIELDS,
  items: 'insights',
};
/** Added to a 500 answered to a filtered insights list: the filter, not an outage, may be the cause. */
const INSIGHT_FILTER_FAULT =
  'the service may be unable to run one of these filters on insights (its database runs only some text operators: contains and like work); the request was not repeated';

export interface BuildingTwinsClientOptions {
  /** A full `https://…/api/v3` URL or an instance name (see resolveBaseUrl). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Where tokens are kept between calls; in memory by default. */
  tokenStore?: TokenStore;
  /** Pacing per path group (/twins/*, /time-series/*); the service's 20 per 10 s by default; `false` turns it off. */
  rateLimit?: RateLimit | false;
  retry?: Partial<RetryOptions>;
  /**
   * After `failures` HTTP 5xx answers in a row (5 by default) requests are refused without being sent (an ApiError
   * of kind `'paused'` saying until when) for `coolDownMs` (30 s), then one probe decides; `false` turns it off.
   */
  circuitBreaker?: Partial<CircuitBreakerOptions> | false;
  /** Deadline of one call, retries included. Default 30 s. */
  timeoutMs?: number;
  /** Largest response body accepted, in bytes (default 64 MiB); a call can lower or raise it (CallOptions). */
  maxResponseBytes?: number;
  /** Requests in flight at once. Default 8. */
  concurrency?: number;
  onRequest?: (event: RequestEvent) => void;
  /**
   * How requests go on the wire: 'node' (keep-alive node:http/node:https agents per origin, the default),
   * 'fetch' (the global fetch, or `fetch` when given) or any HttpExchange.
   */
  exchange?: ExchangeChoice;
  /** A fetch to send requests with (implies `exchange: 'fetch'`). */
  fetch?: typeof fetch;
  clock?: Clock;
  /** Ends every call of this client, retries included, when it fires (e.g. its connection was removed). */
  signal?: AbortSignal;
  /**
   * Refuse every write (the operations marked `'write'` in OPERATION_ACCESS, operations.ts) before anything is
   * sent, with an ApiError of kind `'read-only'` naming the operation and the connection (isReadOnlyRefusal).
   * Reads, and the token requests they need, go out as usual. Stable: the extension's read-only connections,
   * the CLI's `--read-only` and the agent tools rely on it.
   */
  readOnly?: boolean;
  /** What the read-only refusal calls this connection (a profile name); the base URL when not given. */
  connectionName?: string;
  /**
   * Awaited before every write (OPERATION_ACCESS) is sent, after the read-only refusal: the extension asks the user
   * there (buildingTwins.confirmWrites). A rejection ends the call with that error and sends nothing.
   */
  beforeWrite?: (write: OutgoingWrite) => Promise<void>;
}

/** How much of the request budget is spent now (for a status bar tooltip): per paced group, and the breaker's state. */
export interface ClientBudget {
  groups: Array<{ group: string } & RateBudget>;
  circuit: CircuitState;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_CONCURRENCY = 8;
/** Tells a blank body without copying it (a page of twins can be megabytes). */
const NON_BLANK = /\S/;
const METADATA_KINDS: readonly TicketMetadataKind[] = ['categories', 'job-types', 'service-needed'];

const seg = (value: string): string => encodeURIComponent(value);

export class BuildingTwinsClient implements BuildingTwinsApi {
  readonly baseUrl: string;
  readonly clientId: string;
  /** Whether writes are refused (BuildingTwinsClientOptions.readOnly). */
  readonly readOnly: boolean;
  /** The connection's name as given, else the base URL. */
  readonly connectionName: string;
  private readonly transport: HttpTransport;
  private readonly limiters = new Map<string, RateLimiter>();
  private readonly breaker?: CircuitBreaker;
  private readonly tokens: TokenProvider;
  private readonly secrets = new SecretRegistry();
  private readonly twinPatchPaths = new TwinPatchPaths();
  /** Twins created lately: a 403 on one of them is explained (the service's scope cache). */
  private readonly recentTwins: RecentCreations;
  readonly #clientSecret: string;

  constructor(options: BuildingTwinsClientOptions) {
    this.baseUrl = resolveBaseUrl(options.baseUrl);
    if (!options.clientId?.trim()) throw new Error('A client id is required.');
    if (!options.clientSecret) throw new Error('A client secret is required.');
    this.clientId = options.clientId;
    this.readOnly = options.readOnly === true;
    this.connectionName = options.connectionName?.trim() || this.baseUrl;
    this.#clientSecret = options.clientSecret;
    this.secrets.add(options.clientSecret);
    const clock = options.clock ?? systemClock;
    this.recentTwins = new RecentCreations(clock);
    const limit = options.rateLimit === undefined ? DEFAULT_RATE_LIMIT : options.rateLimit;
    const limiters = this.limiters;
    if (limit) for (const group of ['twins', 'time-series']) limiters.set(group, new RateLimiter(limit, clock));
    if (options.circuitBreaker !== false)
      this.breaker = new CircuitBreaker({ ...DEFAULT_CIRCUIT_BREAKER, ...options.circuitBreaker }, clock);
    const retry = { ...DEFAULT_RETRY, ...options.retry };
    if (!Number.isInteger(retry.retries) || retry.retries < 0)
      throw new RangeError(`retry.retries must be a whole number >= 0, got ${String(retry.retries)}`);
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!(timeoutMs > 0)) throw new RangeError(`timeoutMs must be positive, got ${String(timeoutMs)}`);
    const exchange = chooseExchange(options);
    // Connections this client opened close with it (an exchange passed in belongs to its giver).
    if (typeof options.exchange !== 'object')
      options.signal?.addEventListener('abort', () => exchange.close(), { once: true });
    this.transport = new HttpTransport({
      baseUrl: this.baseUrl,
      exchange,
      retry,
      timeoutMs,
      limiters,
      semaphore: new Semaphore(options.concurrency ?? DEFAULT_CONCURRENCY),
      secrets: this.secrets,
      clock,
      onRequest: options.onRequest,
      maxResponseBytes: options.maxResponseBytes,
      signal: options.signal,
      breaker: this.breaker,
      ...(this.readOnly ? { readOnlyConnection: this.connectionName } : {}),
      beforeWrite: options.beforeWrite,
    });
    this.tokens = new TokenProvider({
      requestToken: () => this.requestToken(),
      store: options.tokenStore ?? new MemoryTokenStore(),
      key: `${this.baseUrl}|${this.clientId}`,
      clock,
      onToken: (token) => this.secrets.add(token),
    });
    this.transport.tokens = this.tokens;
  }

  /** The request budget as spent right now: each paced group's window, and whether the instance is paused. */
  budget(): ClientBudget {
    return {
      groups: [...this.limiters].map(([group, limiter]) => ({ group, ...limiter.budget() })),
      circuit: this.breaker?.state() ?? { state: 'closed', serverErrorsInARow: 0 },
    };
  }

  /** Redacts this client's secret and tokens (and anything credential-shaped) from a text. */
  redact(text: string): string {
    return this.secrets.redact(text);
  }

  // ------------------------------------------------------------ token

  /**
   * Has a token ready for the next call: the cached one, else one requested now, shared with any call that needs
   * it meanwhile (a server warming its connection before its first call; building-twins mcp does).
   */
  async ensureToken(o?: CallOptions): Promise<void> {
    await this.tokens.getAccessToken(o?.signal);
  }

  /** Requests a new token (and caches it for later calls). */
  async getToken(o?: CallOptions): Promise<TokenResponse> {
    const response = await this.requestToken(o);
    await this.tokens.accept(response);
    return response;
  }

  private async requestToken(o?: CallOptions): Promise<TokenResponse> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.clientId,
      client_secret: this.#clientSecret,
    });
    const response = await this.call(
      { operation: 'getToken', method: 'POST', path: '/oauth2/token', form, auth: false, unreachableIsFinal: true },
      o,
      (raw) => N.normalizeObject<TokenResponse>(raw, 'a token response'),
    );
    if (typeof response.access_token !== 'string' || !response.access_token) {
      throw new ApiError({
        kind: 'invalid-response',
        operation: 'getToken',
        detail: 'the token response has no access_token',
      });
    }
    this.secrets.add(response.access_token);
    if (typeof response.expires_in !== 'number') response.expires_in = Number(response.expires_in) || 3599;
    return response;
  }

  // ------------------------------------------------------------ models

  listModels(q: GetModelsQuery = {}, o?: CallOptions): Promise<Model[]> {
    return this.call(
      {
        operation: 'listModels',
        method: 'GET',
        path: '/models',
        query: { rootModel: q.rootModel, includeModelDefinitions: q.includeModelDefinitions },
      },
      o,
      (raw) => N.normalizeList(raw, N.normalizeModel),
    );
  }

  getModel(id: string, o?: CallOptions): Promise<Model> {
    requireId('getModel', 'the model id', id);
    // The service sends the definition only when asked (it defaults to none), and every caller needs it.
    return this.call(
      { operation: 'getModel', method: 'GET', path: `/models/${seg(id)}`, query: { includeModelDefinitions: true } },
      o,
      N.normalizeModel,
    );
  }

  // ------------------------------------------------------------ twins

  listTwins(req: GetTwinsRequest = {}, o?: CallOptions): Promise<ContinuationPage<DigitalTwin>> {
    checkPageSize('listTwins', req.pageSize, TWINS_MAX_PAGE_SIZE);
    checkPropertyFilter('listTwins', req.propertyFilter);
    // Tolerant writer: the 2024 generation reads pageSize from the query and the token from a
    // `continuationToken` header (and ignores both in the body); the documented one reads the body.
    const token = req.continuationToken;
    return this.call(
      {
        operation: 'listTwins',
        method: 'POST',
        path: '/twins',
        json: req,
        query: { pageSize: req.pageSize ?? undefined },
        ...(token && HEADER_SAFE.test(token) ? { headers: { continuationToken: token } } : {}),
      },
      o,
      (raw) => N.normalizeContinuationPage(raw, N.normalizeTwin),
    );
  }

  /** Every page of twins, one request each; `o.maxPages`/`o.maxItems` bound the walk. */
  iterateTwinPages(req: GetTwinsRequest = {}, o?: CallOptions): AsyncIterable<ContinuationPage<DigitalTwin>> {
    checkPageSize('listTwins', req.pageSize, TWINS_MAX_PAGE_SIZE);
    checkPropertyFilter('listTwins', req.propertyFilter);
    return iterateContinuationPages(
      'listTwins',
      (token) => this.listTwins({ ...req, continuationToken: token ?? null }, o),
      (page) => page.content.length,
      req.continuationToken ?? undefined,
      o,
    );
  }

  iterateTwins(req: GetTwinsRequest = {}, o?: CallOptions): AsyncIterable<DigitalTwin> {
    return itemsOf(this.iterateTwinPages(req, o), (page) => page.content);
  }

  putTwin(twin: DigitalTwin, o?: CallOptions): Promise<DigitalTwin> {
    if (!twin || typeof twin !== 'object') throw ApiError.invalidRequest('putTwin', 'the twin must be an object');
    requireTwinId('putTwin', 'the twin id', twin.id);
    requireId('putTwin', 'the twin modelId', twin.modelId);
    // The service checks these itself and fails with HTTP 500; say which field is wrong before sending.
    const problems = twinFieldProblems(twin);
    if (problems.length)
      throw ApiError.invalidRequest(
        'putTwin',
        `the service refuses twin "${twin.id}": ${problems.map((p) => p.message).join('; ')}; nothing was sent`,
      );
    return this.call({ operation: 'putTwin', method: 'PUT', path: '/twins', json: twin }, o, N.normalizeTwin).then(
      (created) => {
        this.recentTwins.record(twin.id);
        return created;
      },
    );
  }

  /** A missing twin is a 404 ApiError whose message names the twin. */
  async getTwin(id: string, q: { includeRelationships?: boolean } = {}, o?: CallOptions): Promise<DigitalTwin> {
    requireId('getTwin', 'the twin id', id);
    try {
      return await this.call(
        {
          operation: 'getTwin',
          method: 'GET',
          path: `/twins/${seg(id)}`,
          query: { includeRelationships: q.includeRelationships },
        },
        o,
        N.normalizeTwin,
      );
    } catch (error) {
      throw namingMissingTwin(error, id);
    }
  }

  /**
   * Any 2xx is success, whatever its body (the service answers 200 with none): read the twin again for
   * its new state. Paths address the twin's properties (`/name`); `/contents/name` is taken too, and the
   * form the service accepts is found and remembered by this client (twinPatchPaths.ts).
   */
  async patchTwin(id: string, patch: JsonPatchOperation[], o?: CallOptions): Promise<void> {
    requireId('patchTwin', 'the twin id', id);
    checkJsonPatch('patchTwin', patch);
    await this.twinPatchPaths.send(patch, async (ops) => {
      await this.transport.send(
        {
          operation: 'patchTwin',
          method: 'PATCH',
          path: `/twins/${seg(id)}`,
          json: ops,
        },
        o,
      );
    });
  }

  /** Twins for `ids`; `omitted` lists the requested ids the service left out (they do not exist). */
  async getTwinsByIds(
    ids: string[],
    q: { includeRelationships?: boolean } = {},
    o?: CallOptions,
  ): Promise<{ twins: DigitalTwin[]; omitted: string[] }> {
    const unique = requireIds('getTwinsByIds', 'ids', ids);
    if (!unique.length) return { twins: [], omitted: [] };
    const twins = await this.call(
      {
        operation: 'getTwinsByIds',
        method: 'POST',
        path: '/twins/ids',
        query: { includeRelationships: q.includeRelationships },
        json: unique,
      },
      o,
      (raw) => N.normalizeList(raw, N.normalizeTwin),
    );
    const found = new Set(twins.map((t) => t.id));
    return { twins, omitted: unique.filter((id) => !found.has(id)) };
  }

  getTwinGraph(req: TwinGraphRequest, o?: CallOptions): Promise<TwinGraphResult> {
    requireId('getTwinGraph', 'the root twin id', req?.id);
    return this.call(
      { operation: 'getTwinGraph', method: 'POST', path: '/twins/graph', json: req },
      o,
      N.normalizeTwinGraph,
    );
  }

  countTwins(filters: TwinFilters = {}, o?: CallOptions): Promise<number> {
    checkPropertyFilter('countTwins', filters.propertyFilter);
    return this.call(
      { operation: 'countTwins', method: 'POST', path: '/twins/count', json: filters },
      o,
      N.normalizeCount,
    );
  }

  // ------------------------------------------------------------ relationships

  putRelationship(rel: Relationship, o?: CallOptions): Promise<Relationship> {
    if (!rel || typeof rel !== 'object')
      throw ApiError.invalidRequest('putRelationship', 'the relationship must be an object');
    requireTwinId('putRelationship', 'the relationship sourceId', rel.sourceId);
    requireTwinId('putRelationship', 'the relationship targetId', rel.targetId);
    requireId('putRelationship', 'the relationship name', rel.name);
    return this.call(
      { operation: 'putRelationship', method: 'PUT', path: '/twins/relationships', json: rel },
      o,
      N.normalizeRelationship,
    );
  }

  getRelationship(twinId: string, relationshipId: string, o?: CallOptions): Promise<Relationship> {
    requireId('getRelationship', 'the twin id', twinId);
    requireId('getRelationship', 'the relationship id', relationshipId);
    return this.call(
      {
        operation: 'getRelationship',
        method: 'GET',
        path: `/twins/${seg(twinId)}/relationships/${seg(relationshipId)}`,
      },
      o,
      N.normalizeRelationship,
    );
  }

  /** `relationshipName` keeps relationships of that name only. */
  listOutgoingRelationships(
    twinId: string,
    q: { relationshipName?: string } = {},
    o?: CallOptions,
  ): Promise<Relationship[]> {
    return this.listRelationships(
      'listOutgoingRelationships',
      twinId,
      'outgoing',
      { relationshipName: q.relationshipName || undefined },
      o,
    );
  }

  listIncomingRelationships(twinId: string, o?: CallOptions): Promise<Relationship[]> {
    return this.listRelationships('listIncomingRelationships', twinId, 'incoming', {}, o);
  }

  private listRelationships(
    operation: string,
    twinId: string,
    direction: string,
    query: Record<string, QueryValue>,
    o?: CallOptions,
  ): Promise<Relationship[]> {
    requireId(operation, 'the twin id', twinId);
    return this.call(
      { operation, method: 'GET', path: `/twins/${seg(twinId)}/relationships/${direction}`, query },
      o,
      (raw) => N.normalizeList(raw, N.normalizeRelationship),
    );
  }

  // ------------------------------------------------------------ time series (see timeSeriesWire.ts)

  /**
   * Not retried (inserting twice would store the values twice). Entries keyed by `twinId` go out keyed by
   * `dtId`. The service answers 202 with no body and drops entries for twins that do not exist or are not
   * Capability twins without a word (check them first with checkTelemetryTargets), so the result only
   * says how many entries were sent.
   */
  sendTimeSeries(entries: TimeSeriesEntry[], o?: CallOptions): Promise<TimeSeriesSendResult> {
    checkTimeSeriesEntries('sendTimeSeries', entries);
    const wire = entries.map(wireEntry);
    return this.call({ operation: 'sendTimeSeries', method: 'POST', path: '/time-series', json: wire }, o, (raw) =>
      sendResult(raw, wire.length),
    );
  }

  /** `start` and `end` are required (both included); rows in time order; the last page's token is null. */
  getTimeSeries(twinId: string, q: TimeSeriesQuery, o?: CallOptions): Promise<TimeSeriesPage> {
    requireId('getTimeSeries', 'the twin id', twinId);
    this.checkSeriesQuery('getTimeSeries', q, true);
    return this.call(
      {
        operation: 'getTimeSeries',
        method: 'GET',
        path: `/time-series/${seg(twinId)}`,
        query: seriesQuery(q, 'range'),
      },
      o,
      N.normalizeTimeSeriesPage,
    );
  }

  /** Every page of the range, as the service sends them (rows in time order), one request each. */
  iterateTimeSeriesPages(twinId: string, q: TimeSeriesQuery, o?: CallOptions): AsyncIterable<TimeSeriesPage> {
    this.checkSeriesQuery('getTimeSeries', q, true);
    return iterateContinuationPages(
      'getTimeSeries',
      (token) => this.getTimeSeries(twinId, { ...q, continuationToken: token }, o),
      seriesPageSize,
      q.continuationToken,
      o,
    );
  }

  iterateTimeSeries(twinId: string, q: TimeSeriesQuery, o?: CallOptions): AsyncIterable<TimeSeriesData> {
    return itemsOf(this.iterateTimeSeriesPages(twinId, q, o), seriesRows);
  }

  /** Null when the twin has no value in the window: the service looks back one hour unless `start`/`end` are given. */
  getLatestTimeSeries(
    twinId: string,
    q: { start?: string; end?: string; includeDataQuality?: boolean } = {},
    o?: CallOptions,
  ): Promise<TimeSeriesData | null> {
    requireId('getLatestTimeSeries', 'the twin id', twinId);
    this.checkSeriesQuery('getLatestTimeSeries', q, false);
    return this.call(
      {
        operation: 'getLatestTimeSeries',
        method: 'GET',
        path: `/time-series/${seg(twinId)}/latest`,
        query: seriesQuery(q, 'latest'),
      },
      o,
      N.normalizeLatest,
    );
  }

  /**
   * `start` and `end` are required (both included). Rows may come sorted by time across all twins (the
   * service) or twin by twin. Unknown ids are listed in `errorData`; when none of the ids exists the
   * service's 404 becomes a page with no data.
   */
  getTimeSeriesByIds(ids: string[], q: TimeSeriesQuery, o?: CallOptions): Promise<TimeSeriesPage> {
    const unique = requireIds('getTimeSeriesByIds', 'ids', ids);
    if (!unique.length) throw ApiError.invalidRequest('getTimeSeriesByIds', 'give at least one twin id');
    this.checkSeriesQuery('getTimeSeriesByIds', q, true);
    return this.call(
      {
        operation: 'getTimeSeriesByIds',
        method: 'POST',
        path: '/time-series/ids',
        query: seriesQuery(q, 'range'),
        json: unique,
      },
      o,
      N.normalizeTimeSeriesPage,
    ).catch((error: unknown) => whenNoTwinKnown(error, noTwinKnownPage(unique)));
  }

  /** Every page of the range for several twins, one request each. */
  iterateTimeSeriesByIdsPages(ids: string[], q: TimeSeriesQuery, o?: CallOptions): AsyncIterable<TimeSeriesPage> {
    this.checkSeriesQuery('getTimeSeriesByIds', q, true);
    return iterateContinuationPages(
      'getTimeSeriesByIds',
      (token) => this.getTimeSeriesByIds(ids, { ...q, continuationToken: token }, o),
      seriesPageSize,
      q.continuationToken,
      o,
    );
  }

  iterateTimeSeriesByIds(ids: string[], q: TimeSeriesQuery, o?: CallOptions): AsyncIterable<TimeSeriesData> {
    return itemsOf(this.iterateTimeSeriesByIdsPages(ids, q, o), seriesRows);
  }

  /** The twins with a value in the last hour; when none of the ids exists the service's 404 becomes `[]`. */
  getLatestTimeSeriesByIds(ids: string[], o?: CallOptions): Promise<TimeSeriesData[]> {
    const unique = requireIds('getLatestTimeSeriesByIds', 'ids', ids);
    if (!unique.length) return Promise.resolve([]);
    return this.call(
      { operation: 'getLatestTimeSeriesByIds', method: 'POST', path: '/time-series/ids/latest', json: unique },
      o,
      N.normalizeLatestList,
    ).catch((error: unknown) => whenNoTwinKnown(error, []));
  }

  private checkSeriesQuery(operation: string, q: TimeSeriesQuery, rangeRequired: boolean): void {
    checkTimestamp(operation, 'start', q.start, rangeRequired);
    checkTimestamp(operation, 'end', q.end, rangeRequired);
    if (q.start && q.end && Date.parse(q.start) > Date.parse(q.end))
      throw ApiError.invalidRequest(operation, 'start must not be after end');
    checkPageSize(operation, q.pageSize);
  }

  // ------------------------------------------------------------ insights

  listInsights(req: BatchRequest = {}, q: { addFloor?: boolean } = {}, o?: CallOptions): Promise<BatchPage<Insight>> {
    checkBatchRequest('listInsights', req, Infinity, INSIGHT_STORE);
    const filtered = Array.isArray(req.filterSpecifications) && req.filterSpecifications.length > 0;
    return this.call(
      {
        operation: 'listInsights',
        method: 'POST',
        path: '/insights',
        query: { addFloor: q.addFloor },
        json: req,
        ...(filtered ? { queryFault: INSIGHT_FILTER_FAULT } : {}),
      },
      o,
      (raw) => N.normalizeBatchPage(raw, N.normalizeInsight),
    );
  }

  iterateInsights(req: BatchRequest = {}, o?: CallOptions): AsyncIterable<Insight> {
    checkBatchRequest('listInsights', req, Infinity, INSIGHT_STORE);
    return iterateBatchPages((page) => this.listInsights({ ...req, page }, {}, o), req.page ?? 1);
  }

  getInsight(id: string, o?: CallOptions): Promise<Insight> {
    requireId('getInsight', 'the insight id', id);
    return this.call({ operation: 'getInsight', method: 'GET', path: `/insights/${seg(id)}` }, o, N.normalizeInsight);
  }

  // ------------------------------------------------------------ events

  listEvents(req: BatchRequest = {}, o?: CallOptions): Promise<BatchPage<BuildingEvent>> {
    checkBatchRequest('listEvents', req);
    return this.call({ operation: 'listEvents', method: 'POST', path: '/events', json: req }, o, (raw) =>
      N.normalizeBatchPage(raw, (e) => N.normalizeObject<BuildingEvent>(e, 'an event')),
    );
  }

  iterateEvents(req: BatchRequest = {}, o?: CallOptions): AsyncIterable<BuildingEvent> {
    checkBatchRequest('listEvents', req);
    return iterateBatchPages((page) => this.listEvents({ ...req, page }, o), req.page ?? 1);
  }

  /** Retried on transient failures only when every event carries its upsert key (id, or eventSourceId + externalId). */
  putEvents(events: BuildingEvent[], o?: CallOptions): Promise<EventsUpsertResult> {
    if (!Array.isArray(events) || !events.length)
      throw ApiError.invalidRequest('putEvents', 'send at least one event (an array)');
    events.forEach((e, i) => {
      if (!e || typeof e !== 'object' || Array.isArray(e))
        throw ApiError.invalidRequest('putEvents', `[${i}] must be an object`);
    });
    const keyed = events.every(
      (e) => (typeof e.id === 'string' && e.id !== '') || (!!e.eventSourceId && !!e.externalId),
    );
    return this.call(
      { operation: 'putEvents', method: 'PUT', path: '/events', json: events, retrySafe: keyed },
      o,
      (raw) => N.normalizeObject<EventsUpsertResult>(raw),
    );
  }

  deleteEvents(ids: string[], o?: CallOptions): Promise<EventsDeleteResult> {
    const unique = requireIds('deleteEvents', 'ids', ids);
    if (!unique.length) throw ApiError.invalidRequest('deleteEvents', 'give at least one event id');
    return this.call({ operation: 'deleteEvents', method: 'DELETE', path: '/events', json: unique }, o, (raw) =>
      N.normalizeObject<EventsDeleteResult>(raw),
    );
  }

  getEvent(id: string, o?: CallOptions): Promise<BuildingEvent> {
    requireId('getEvent', 'the event id', id);
    return this.call({ operation: 'getEvent', method: 'GET', path: `/events/${seg(id)}` }, o, (raw) =>
      N.normalizeObject<BuildingEvent>(raw, 'an event'),
    );
  }

  listEventTypes(o?: CallOptions): Promise<EventType[]> {
    return this.call({ operation: 'listEventTypes', method: 'GET', path: '/events/types' }, o, (raw) =>
      N.normalizeList(raw, (t) => N.normalizeObject<EventType>(t, 'an event type')),
    );
  }

  /** multipart/form-data with one `files` part per file (JSON arrays of events or CSV). */
  uploadEventFiles(
    files: Array<{ name: string; content: Uint8Array | string; contentType?: string }>,
    o?: CallOptions,
  ): Promise<EventsFileUploadResult> {
    if (!Array.isArray(files) || !files.length)
      throw ApiError.invalidRequest('uploadEventFiles', 'give at least one file');
    const form = new FormData();
    files.forEach((file, i) => {
      requireId('uploadEventFiles', `files[${i}].name`, file?.name);
      const type = file.contentType ?? (/\.csv$/i.test(file.name) ? 'text/csv' : 'application/json');
      form.append(
        'files',
        new Blob([typeof file.content === 'string' ? file.content : new Uint8Array(file.content)], { type }),
        file.name,
      );
    });
    return this.call(
      { operation: 'uploadEventFiles', method: 'POST', path: '/events/files', multipart: form },
      o,
      (raw) => {
        const result = N.normalizeObject<EventsFileUploadResult>(raw);
        return { ...result, errors: Array.isArray(result.errors) ? result.errors : [] };
      },
    );
  }

  // ------------------------------------------------------------ tickets

  /** Page size defaults to 100 on the service; at most 1000. */
  listTickets(req: BatchRequest = {}, o?: CallOptions): Promise<BatchPage<Ticket>> {
    checkBatchRequest('listTickets', req, TICKETS_MAX_PAGE_SIZE);
    return this.call({ operation: 'listTickets', method: 'POST', path: '/tickets', json: req }, o, (raw) =>
      N.normalizeBatchPage(raw, (t) => N.normalizeObject<Ticket>(t, 'a ticket')),
    );
  }

  iterateTickets(req: BatchRequest = {}, o?: CallOptions): AsyncIterable<Ticket> {
    checkBatchRequest('listTickets', req, TICKETS_MAX_PAGE_SIZE);
    return iterateBatchPages((page) => this.listTickets({ ...req, page }, o), req.page ?? 1);
  }

  createTicket(req: CreateTicketRequest, o?: CallOptions): Promise<Ticket> {
    if (!req || typeof req !== 'object' || Array.isArray(req))
      throw ApiError.invalidRequest('createTicket', 'the ticket must be an object');
    requireId('createTicket', 'summary', req.summary);
    return this.call({ operation: 'createTicket', method: 'PUT', path: '/tickets', json: req }, o, (raw) =>
      N.normalizeObject<Ticket>(raw, 'a ticket'),
    );
  }

  getTicket(id: string, o?: CallOptions): Promise<Ticket> {
    requireId('getTicket', 'the ticket id', id);
    return this.call({ operation: 'getTicket', method: 'GET', path: `/tickets/${seg(id)}` }, o, (raw) =>
      N.normalizeObject<Ticket>(raw, 'a ticket'),
    );
  }

  /** Refused locally (nothing sent) unless every operation is a `replace` of an updatable property. */
  patchTicket(id: string, patch: JsonPatchOperation[], o?: CallOptions): Promise<Ticket> {
    requireId('patchTicket', 'the ticket id', id);
    checkTicketPatch(patch);
    return this.call(
      { operation: 'patchTicket', method: 'PATCH', path: `/tickets/${seg(id)}`, json: patch },
      o,
      (raw) => N.normalizeObject<Ticket>(raw, 'a ticket'),
    );
  }

  async getTicketAttachment(
    ticketId: string,
    attachmentId: string,
    o?: CallOptions,
  ): Promise<{ content: Uint8Array; contentType: string; fileName?: string }> {
    requireId('getTicketAttachment', 'the ticket id', ticketId);
    requireId('getTicketAttachment', 'the attachment id', attachmentId);
    const response = await this.transport.send(
      {
        operation: 'getTicketAttachment',
        method: 'GET',
        path: `/tickets/${seg(ticketId)}/attachments/${seg(attachmentId)}`,
        binary: true,
      },
      o,
    );
    const fileName = fileNameFrom(response.headers.get('content-disposition'));
    return {
      content: response.bytes ?? new Uint8Array(),
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      ...(fileName ? { fileName } : {}),
    };
  }

  // ------------------------------------------------------------ ticket metadata

  listTicketMetadata(
    kind: TicketMetadataKind,
    req: BatchRequest = {},
    o?: CallOptions,
  ): Promise<BatchPage<TicketMetadataItem>> {
    checkKind('listTicketMetadata', kind);
    checkBatchRequest('listTicketMetadata', req);
    return this.call(
      { operation: 'listTicketMetadata', method: 'POST', path: `/tickets/${kind}`, json: req },
      o,
      (raw) => N.normalizeBatchPage(raw, (m) => N.normalizeObject<TicketMetadataItem>(m)),
    );
  }

  iterateTicketMetadata(
    kind: TicketMetadataKind,
    req: BatchRequest = {},
    o?: CallOptions,
  ): AsyncIterable<TicketMetadataItem> {
    checkKind('listTicketMetadata', kind);
    checkBatchRequest('listTicketMetadata', req);
    return iterateBatchPages((page) => this.listTicketMetadata(kind, { ...req, page }, o), req.page ?? 1);
  }

  /** Every item of one metadata kind, all pages. */
  allTicketMetadata(kind: TicketMetadataKind, o?: CallOptions): Promise<TicketMetadataItem[]> {
    return collect(this.iterateTicketMetadata(kind, {}, o));
  }

  createTicketMetadata(kind: TicketMetadataKind, name: string, o?: CallOptions): Promise<TicketMetadataItem> {
    checkKind('createTicketMetadata', kind);
    requireId('createTicketMetadata', 'name', name);
    return this.call(
      { operation: 'createTicketMetadata', method: 'PUT', path: `/tickets/${kind}`, json: { name } },
      o,
      (raw) => N.normalizeObject<TicketMetadataItem>(raw),
    );
  }

  renameTicketMetadata(
    kind: TicketMetadataKind,
    id: string,
    name: string,
    o?: CallOptions,
  ): Promise<TicketMetadataItem> {
    checkKind('renameTicketMetadata', kind);
    requireId('renameTicketMetadata', 'the id', id);
    requireId('renameTicketMetadata', 'name', name);
    return this.call(
      {
        operation: 'renameTicketMetadata',
        method: 'PATCH',
        path: `/tickets/${kind}/${seg(id)}`,
        json: [{ op: 'replace', path: '/name', value: name }],
      },
      o,
      (raw) => N.normalizeObject<TicketMetadataItem>(raw),
    );
  }

  listTicketStatuses(o?: CallOptions): Promise<TicketStatus[]> {
    return this.call({ operation: 'listTicketStatuses', method: 'GET', path: '/tickets/status' }, o, (raw) =>
      N.normalizeList(raw, (s) => N.normalizeObject<TicketStatus>(s)),
    );
  }

  listTicketPriorities(o?: CallOptions): Promise<TicketPriority[]> {
    return this.call({ operation: 'listTicketPriorities', method: 'GET', path: '/tickets/priorities' }, o, (raw) =>
      N.normalizeList(raw, (p) => N.normalizeObject<TicketPriority>(p)),
    );
  }

  // ------------------------------------------------------------ plumbing

  /** Sends, parses JSON (an empty body is null) and normalises; shape problems become ApiError. */
  private async call<T>(request: HttpRequest, o: CallOptions | undefined, normalize: (raw: unknown) => T): Promise<T> {
    let response: HttpResponse;
    try {
      response = await this.transport.send(request, o);
    } catch (error) {
      throw this.recentTwins.explain(error, request);
    }
    let raw: unknown = null;
    if (NON_BLANK.test(response.text)) {
      try {
        raw = JSON.parse(response.text);
      } catch {
        throw this.invalidResponse(request.operation, response, 'the response is not JSON');
      }
    }
    try {
      return normalize(raw);
    } catch (error) {
      throw this.invalidResponse(request.operation, response, error instanceof Error ? error.message : String(error));
    }
  }

  private invalidResponse(operation: string, response: HttpResponse, detail: string): ApiError {
    return new ApiError(
      { kind: 'invalid-response', operation, status: response.status, detail, body: response.text },
      (t) => this.redact(t),
    );
  }
}

const seriesRows = (page: TimeSeriesPage): TimeSeriesData[] => page.data ?? [];
const seriesPageSize = (page: TimeSeriesPage): number => page.data?.length ?? 0;

function checkKind(operation: string, kind: string): void {
  if (!METADATA_KINDS.includes(kind as TicketMetadataKind)) {
    throw ApiError.invalidRequest(
      operation,
      `unknown ticket metadata kind "${kind}" (one of ${METADATA_KINDS.join(', ')})`,
    );
  }
}

function fileNameFrom(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall back to filename= */
    }
  }
  const plain = /filename\s*=\s*("?)([^";]+)\1/i.exec(disposition);
  return plain?.[2]?.trim();
}
