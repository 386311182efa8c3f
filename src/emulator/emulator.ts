import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from '../core/api/clock';
import { LOCAL_EMULATOR_DEFAULT_PORT } from '../core/api/localEmulator';
import { DEFAULT_TOKEN_LIFETIME, LOCAL_DEV_CLIENT, TokenAuthority } from './auth';
import { AccessPolicy } from './clients/accessPolicy';
import { checkClients, type EmulatorClient } from './clients/emulatorClients';
import { deleteRelationship, deleteTwin, reloadModels } from './adminModels';
import { loadModelIndex } from './models/modelLoader';
import { registerEventRoutes } from './routes/eventRoutes';
import { registerInsightRoutes } from './routes/insightRoutes';
import { registerModelRoutes } from './routes/modelRoutes';
import { registerRelationshipRoutes } from './routes/relationshipRoutes';
import { registerTicketMetadataRoutes } from './routes/ticketMetadataRoutes';
import { registerTicketRoutes } from './routes/ticketRoutes';
import { registerTimeSeriesRoutes } from './routes/timeSeriesRoutes';
import { registerTwinRoutes } from './routes/twinRoutes';
import { Router } from './router';
import { buildSample, sampleHour } from './sample/sampleBuilding';
import { sampleModels } from './sample/sampleModels';
import { loadSample } from './sampleLoader';
import { API_PREFIX, createEmulatorServer } from './server';
import { Store } from './store/store';
import type { LogWriter } from './store/storeFiles';
import { TwinGraph } from './twins/twinGraph';
import { isLoopbackHost } from './requestOrigin';
import { checkScaleFits } from './scaleCeiling';

export interface EmulatorOptions {
  host?: string;
  /** 0 picks a free port (default 8470). */
  port?: number;
  /** DTDL folders, read recursively. */
  models?: string[];
  /** Load the sample building (default true). */
  sample?: boolean;
  /** Grow the sample to this many twins. */
  scale?: number;
  seed?: number;
  /** Number of root insights in the sample (default: the sample's own set); for benchmarks. */
  sampleInsights?: number;
  /**
   * Load models folders with problems anyway, each problem a warning (as the emulator did before it checked them);
   * by default a folder with any problem is refused (ModelFolderError).
   */
  lenientModels?: boolean;
  /** Folder that makes every acknowledged write durable. */
  data?: string;
  /**
   * Extra clients, each with every permission unless it lists `permissions` (and limited to the twins under
   * `location` when given; docs/emulator.md). The well-known `local-dev`/`local-dev-secret` is always
   * accepted and holds every permission.
   */
  clients?: EmulatorClient[];
  /** Token lifetime in seconds (default 3599). */
  tokenLifetime?: number;
  rateLimit?: { count: number; seconds: number };
  /** Probability 0..1 of a simulated 500/503/dropped connection per request. */
  faults?: number;
  /** Added delay per request, ms. */
  latency?: number;
  /** Request log lines: true = stderr; a function receives each line. */
  log?: boolean | ((line: string) => void);
  /** Request body limit in bytes (default 16 MiB). */
  bodyLimit?: number;
  /** Accept the well-known development client on a non-loopback host too (it is refused there by default). */
  allowDevClientOnNetwork?: boolean;
  /** The admin routes' bearer token; random per process by default. */
  adminToken?: string;
  /** Log size in bytes that triggers compaction (default 64 MiB). */
  compactBytes?: number;
  /** The data folder log's file operations; tests inject failing ones (a full disk). */
  logWriter?: LogWriter;
  /**
   * The emulator's one clock, the system clock by default. Everything the emulator dates reads it: the sample
   * building (its telemetry ends at the clock's hour; insights, events and tickets are dated around it), model
   * upload times, write stamps, token lifetimes and error timestamps, rate-limit windows, the look-back of
   * `latest` and the request log.
   */
  clock?: Pick<Clock, 'now'>;
}

export interface RunningEmulator {
  /** `http://HOST:PORT/api/v3` */
  url: string;
  port: number;
  /** Model-loading warnings (dangling references, invalid files). */
  warnings: string[];
  store: Store;
  /** The API routes (below /api/v3). */
  routes: Array<{ method: string; pattern: string }>;
  /** The bearer token of the admin routes (/_emulator/*), random per process unless set by `adminToken`. */
  adminToken: string;
  /** Stops accepting, lets in-flight requests finish, flushes and closes the data folder. */
  close(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  checkOptions(options);
  const clients = checkClients(options.clients ?? [], 'clients');
  const host = options.host ?? '127.0.0.1';
  // The well-known development client would let anyone on the network in: only on loopback, unless asked for.
  const devClient = isLoopbackHost(host) || options.allowDevClientOnNetwork;
  if (!devClient && clients.length === 0) {
    throw new Error(
      `--host ${host} is not a loopback address, so the well-known development client (local-dev) is refused there: add your own client (--client-id/--client-secret or --clients FILE), or pass --allow-dev-client to accept it anyway.`,
    );
  }
  const clock = options.clock ?? systemClock;
  const startedAt = clock.now();
  const sampleWanted = options.sample ?? true;
  const uploadTime = new Date(startedAt).toISOString();
  const loadModels = () =>
    loadModelIndex(options.models ?? [], sampleWanted ? sampleModels(uploadTime) : [], {
      lenient: options.lenientModels === true,
    });
  const models = await loadModels();
  // The sample is only built for an empty store (a data folder keeps it after the first start).
  const seed = sampleWanted
    ? (s: Store) =>
        loadSample(
          s,
          buildSample({
            now: sampleHour(startedAt),
            scale: options.scale,
            seed: options.seed,
            insights: options.sampleInsights,
          }),
          uploadTime,
        )
    : undefined;
  const store = Store.open(
    { dataDir: options.data, compactBytes: options.compactBytes, logWriter: options.logWriter },
    seed,
  );
  const graph = new TwinGraph(store, models, clock);
  const router = new Router();
  registerModelRoutes(router, () => graph.models, uploadTime);
  registerTwinRoutes(router, graph);
  registerRelationshipRoutes(router, graph);
  registerTimeSeriesRoutes(router, graph, clock);
  registerInsightRoutes(router, graph);
  registerEventRoutes(router, graph);
  registerTicketRoutes(router, graph);
  registerTicketMetadataRoutes(router, store);

  const auth = new TokenAuthority(
    devClient ? [LOCAL_DEV_CLIENT, ...clients] : clients,
    options.tokenLifetime ?? DEFAULT_TOKEN_LIFETIME,
    options.data,
    clock,
  );
  const access = new AccessPolicy(clients, graph);
  const log =
    options.log === true
      ? (line: string) => process.stderr.write(`${line}\n`)
      : typeof options.log === 'function'
        ? options.log
        : undefined;
  const adminToken = options.adminToken ?? randomBytes(24).toString('base64url');
  const { server } = createEmulatorServer({
    router,
    store,
    auth,
    access,
    host,
    adminToken,
    adminActions: {
      reloadModels: async () => {
        const reload = await reloadModels(graph, loadModels);
        return { refused: reload.status === 'refused', body: reload };
      },
      deleteTwin: (id) => deleteTwin(graph, id),
      deleteRelationship: (id) => deleteRelationship(graph, id),
    },
    clock,
    rateLimit: options.rateLimit,
    faults: options.faults,
    latencyMs: options.latency,
    bodyLimit: options.bodyLimit,
    log,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? LOCAL_EMULATOR_DEFAULT_PORT, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    store.close();
    throw err;
  }
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}${API_PREFIX}`,
    port,
    warnings: models.warnings,
    store,
    routes: router.list(),
    adminToken,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          store.close();
          resolve();
        });
        server.closeIdleConnections();
        // Keep-alive connections that stay busy are cut after a grace period.
        setTimeout(() => server.closeAllConnections(), 5000).unref();
      });
      return closing;
    },
  };
}

function checkOptions(o: EmulatorOptions): void {
  if (o.port !== undefined && (!Number.isInteger(o.port) || o.port < 0 || o.port > 65535))
    throw new Error(`port must be an integer 0..65535 (got ${o.port})`);
  if (o.faults !== undefined && !(o.faults >= 0 && o.faults <= 1))
    throw new Error(`faults must be a probability between 0 and 1 (got ${o.faults})`);
  if (o.latency !== undefined && !(Number.isFinite(o.latency) && o.latency >= 0))
    throw new Error(`latency must be a number of milliseconds >= 0 (got ${o.latency})`);
  if (o.tokenLifetime !== undefined && !(Number.isInteger(o.tokenLifetime) && o.tokenLifetime >= 1))
    throw new Error(`tokenLifetime must be a whole number of seconds >= 1 (got ${o.tokenLifetime})`);
  if (o.rateLimit && !(Number.isInteger(o.rateLimit.count) && o.rateLimit.count >= 1 && o.rateLimit.seconds > 0))
    throw new Error('rateLimit needs count >= 1 and seconds > 0');
  if (o.sample ?? true) checkScaleFits(o.scale);
}
