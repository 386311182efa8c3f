import { parseArgs } from 'node:util';
import { readClientsFile } from './clients/emulatorClients';
import type { EmulatorOptions } from './emulator';
import { parseRateLimit } from './rateLimiter';

export const USAGE = `Building Twin emulator: a local Building Twin Data Service v3 (REST API under /api/v3).

Usage: node dist/emulator.js [options]

  --host HOST               address to listen on (default 127.0.0.1)
  --port PORT               port, 0 picks a free one (default 8470)
  --models DIR              load DTDL models from DIR, recursively (repeatable); the files are checked as one
                            set first and a folder with any problem is refused, with each problem listed
  --lenient-models          load a models folder with problems anyway: each problem becomes a warning and
                            what can be read is loaded (models with problems may be missing or incomplete)
  --no-sample               start without the sample building
  --scale N                 grow the sample building to N twins
  --seed N                  seed of the sample building (default 1)
  --data DIR                persist every acknowledged write in DIR (default: memory only)
  --client-id ID            accept another client (with --client-secret; repeatable in pairs)
  --client-secret SECRET    the secret of the preceding --client-id
  --clients FILE            clients with limited permissions and an optional location scope,
                            from a JSON file (see docs/emulator.md)
  --token-lifetime SECONDS  access token lifetime (default 3599)
  --rate-limit N/SECONDS    at most N requests per client per window on /twins* and /time-series*
  --faults RATE             probability 0..1 of a simulated 500, 503 or dropped connection
  --latency MS              delay every request by MS milliseconds
  --quiet                   do not log requests to stderr
  --allow-dev-client        accept local-dev / local-dev-secret on a non-loopback --host (refused there by default)
  --help                    show this help

The well-known development client is local-dev / local-dev-secret; it and every --client-id hold every permission.
Admin routes (Bearer admin token printed at start, or an API access token of a client with every permission):
GET and DELETE /_emulator/requests,
PUT /_emulator/insights,
POST /_emulator/models/reload (read the --models folders again; a folder with problems is refused with them),
DELETE /_emulator/twins/ID (with its relationships), DELETE /_emulator/relationships/ID. Only loopback Host names, IP literals and --host are answered; foreign Origins are refused.`;

/** Parses the command line; throws an Error with a clear message for bad flags. Returns undefined for --help. */
export function parseEmulatorArgs(argv: string[]): EmulatorOptions | undefined {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      models: { type: 'string', multiple: true },
      'no-sample': { type: 'boolean' },
      scale: { type: 'string' },
      seed: { type: 'string' },
      data: { type: 'string' },
      'client-id': { type: 'string', multiple: true },
      'client-secret': { type: 'string', multiple: true },
      clients: { type: 'string' },
      'token-lifetime': { type: 'string' },
      'rate-limit': { type: 'string' },
      faults: { type: 'string' },
      latency: { type: 'string' },
      quiet: { type: 'boolean' },
      'allow-dev-client': { type: 'boolean' },
      'lenient-models': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return undefined;
  const ids = values['client-id'] ?? [];
  const secrets = values['client-secret'] ?? [];
  if (ids.length !== secrets.length) throw new Error('--client-id and --client-secret must be given in pairs');
  const fileClients = values.clients === undefined ? [] : readClientsFile(values.clients);
  const twice = fileClients.find((c) => ids.includes(c.id));
  if (twice) throw new Error(`--clients ${values.clients}: client "${twice.id}" is also given with --client-id`);
  const options: EmulatorOptions = {
    host: values.host,
    port: integer(values.port, '--port', 0, 65535),
    models: values.models,
    sample: !values['no-sample'],
    scale: integer(values.scale, '--scale', 0, 10_000_000),
    seed: integer(values.seed, '--seed', 0, 2 ** 31 - 1),
    data: values.data,
    clients: [...ids.map((id, i) => ({ id, secret: secrets[i] })), ...fileClients],
    tokenLifetime: integer(values['token-lifetime'], '--token-lifetime', 1, 10 * 365 * 86400),
    rateLimit: values['rate-limit'] === undefined ? undefined : parseRateLimit(values['rate-limit']),
    faults: decimal(values.faults, '--faults', 0, 1),
    latency: decimal(values.latency, '--latency', 0, 600_000),
    log: !values.quiet,
    allowDevClientOnNetwork: values['allow-dev-client'] === true,
    ...(values['lenient-models'] ? { lenientModels: true } : {}),
  };
  if (values.host !== undefined && !values.host.trim()) throw new Error('--host must not be empty');
  for (const [flag, v] of [
    ['--models', values.models],
    ['--data', values.data === undefined ? undefined : [values.data]],
  ] as const) {
    if (v?.some((d) => !d.trim())) throw new Error(`${flag} needs a folder path`);
  }
  return options;
}

function integer(text: string | undefined, flag: string, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text.trim())) throw new Error(`${flag} expects a whole number, got '${text}'`);
  const n = Number(text);
  if (n < min || n > max) throw new Error(`${flag} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function decimal(text: string | undefined, flag: string, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) throw new Error(`${flag} expects a number, got '${text}'`);
  if (n < min || n > max) throw new Error(`${flag} must be between ${min} and ${max}, got ${n}`);
  return n;
}
