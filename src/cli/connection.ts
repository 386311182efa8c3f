// Which service the CLI talks to: flags, then environment variables, then the local emulator.

import { isLoopbackHost, resolveBaseUrl } from '../core/api/baseUrl';
import type { BuildingTwinsClientOptions } from '../core/api/client';
import { LOCAL_DEV_CLIENT_ID, LOCAL_DEV_CLIENT_SECRET, LOCAL_EMULATOR_URL, pacingFor } from '../core/api/localEmulator';
import { UsageError } from '../core/commands/cliCommand';

export const ENV_URL = 'BUILDING_TWINS_URL';
export const ENV_CLIENT_ID = 'BUILDING_TWINS_CLIENT_ID';
export const ENV_CLIENT_SECRET = 'BUILDING_TWINS_CLIENT_SECRET';
export const ENV_READ_ONLY = 'BUILDING_TWINS_READ_ONLY';

export interface ConnectionFlags {
  url?: string;
  clientId?: string;
  /** Read from stdin when --client-secret-stdin is given. */
  clientSecret?: string;
  /** --read-only: refuse every write before sending. */
  readOnly?: boolean;
}

const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
const FALSE_WORDS = ['', '0', 'false', 'no', 'off'];

/** BUILDING_TWINS_READ_ONLY: 1/true/yes/on or 0/false/no/off (any case); anything else is a usage error. */
function readOnlyFromEnv(value: string | undefined): boolean {
  const word = (value ?? '').trim().toLowerCase();
  if (TRUE_WORDS.includes(word)) return true;
  if (FALSE_WORDS.includes(word)) return false;
  throw new UsageError(
    `${ENV_READ_ONLY} must be one of ${[...TRUE_WORDS, ...FALSE_WORDS.slice(1)].join(', ')}, got "${value ?? ''}"`,
  );
}

/** The service, client id and secret that flags, environment and the emulator's defaults give (the secret may lack). */
function serviceOf(flags: ConnectionFlags, env: NodeJS.ProcessEnv) {
  const rawUrl = flags.url ?? env[ENV_URL] ?? LOCAL_EMULATOR_URL;
  let baseUrl: string;
  try {
    baseUrl = resolveBaseUrl(rawUrl);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const loopback = isLoopbackHost(new URL(baseUrl).hostname);
  const clientId = flags.clientId ?? env[ENV_CLIENT_ID] ?? (loopback ? LOCAL_DEV_CLIENT_ID : undefined);
  const clientSecret =
    flags.clientSecret ??
    env[ENV_CLIENT_SECRET] ??
    (loopback && clientId === LOCAL_DEV_CLIENT_ID ? LOCAL_DEV_CLIENT_SECRET : undefined);
  return { baseUrl, loopback, clientId, clientSecret };
}

/** The service whose client secret nothing gives (so a terminal may ask for it), or undefined. */
export function clientSecretToAsk(flags: ConnectionFlags, env: NodeJS.ProcessEnv): string | undefined {
  const { baseUrl, clientId, clientSecret } = serviceOf(flags, env);
  return clientId && !clientSecret ? baseUrl : undefined;
}

/**
 * Flags win over the environment (--read-only can only add the restriction, never lift the variable's). With no URL the local emulator is used; against a loopback URL
 * (an emulator) a missing client id and secret default to the emulator's well-known dev credentials.
 */
export function resolveConnection(
  flags: ConnectionFlags,
  env: NodeJS.ProcessEnv,
): Pick<BuildingTwinsClientOptions, 'baseUrl' | 'clientId' | 'clientSecret' | 'readOnly' | 'rateLimit'> {
  const { baseUrl, loopback, clientId, clientSecret } = serviceOf(flags, env);
  if (!clientId)
    throw new UsageError(`A client id is needed for ${baseUrl}: pass --client-id or set ${ENV_CLIENT_ID}.`);
  if (!clientSecret)
    throw new UsageError(
      `A client secret is needed for ${baseUrl}: pipe it to --client-secret-stdin or set ${ENV_CLIENT_SECRET}.`,
    );
  const readOnly = flags.readOnly === true || readOnlyFromEnv(env[ENV_READ_ONLY]);
  // A loopback URL is an emulator (as for the dev credentials above): paced as the extension paces its local emulator.
  const rateLimit = pacingFor({ localEmulator: loopback });
  return { baseUrl, clientId, clientSecret, readOnly, ...(rateLimit === false ? { rateLimit } : {}) };
}
