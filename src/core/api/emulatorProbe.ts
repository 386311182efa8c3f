// Is a Building Twin emulator already running at the local emulator's address? Used before starting one (so
// "Start" connects to a running emulator instead of failing with EADDRINUSE) and to decide whether the
// explorer shows the Local emulator connection or the welcome view.
import * as net from 'node:net';
import { errorText } from './apiError';
import { BuildingTwinsClient } from './client';
import { LOCAL_DEV_CLIENT_ID, LOCAL_DEV_CLIENT_SECRET } from './localEmulator';
import { unreachableCode } from './unreachable';

export type EmulatorProbe =
  /** An emulator answers and accepts the well-known development client. */
  | { kind: 'emulator' }
  /** Nothing listens there. */
  | { kind: 'nothing' }
  /** Something answers, but it is not an emulator this extension can use (another program, other credentials). */
  | { kind: 'other'; detail: string };

/** Signs in once with the development client (no retries, a short deadline) and says what answered. */
export async function probeEmulator(
  baseUrl: string,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<EmulatorProbe> {
  const client = new BuildingTwinsClient({
    baseUrl,
    clientId: LOCAL_DEV_CLIENT_ID,
    clientSecret: LOCAL_DEV_CLIENT_SECRET,
    retry: { retries: 0 },
    timeoutMs: options.timeoutMs ?? 3000,
    rateLimit: false,
    fetch: options.fetch,
  });
  try {
    await client.getToken();
    return { kind: 'emulator' };
  } catch (error) {
    if (unreachableCode(error)) return { kind: 'nothing' };
    return { kind: 'other', detail: errorText(error) };
  }
}

/**
 * Whether anything accepts TCP connections at the URL's host and port. Opens and closes one connection and sends
 * nothing, so an emulator's request log stays as it was.
 */
export function portListening(baseUrl: string, timeoutMs = 1000): Promise<boolean> {
  const url = new URL(baseUrl);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (listening: boolean): void => {
      socket.destroy();
      resolve(listening);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
