// The envelope every panel uses between its extension-host side and its webview: the webview sends
// requests with ids, the host replies once per id. Each panel declares a method map
// (method name -> { params; result }) and gets a discriminated union of requests from it.

export interface MethodSpec {
  params: unknown;
  result: unknown;
}
export type MethodMap = { [method: string]: MethodSpec };

export type ResponseMessage =
  | { kind: 'response'; id: number; ok: true; result: unknown }
  | { kind: 'response'; id: number; ok: false; error: string };

/**
 * The host-initiated notifications a panel declares, like its methods: event name -> the data it carries
 * (e.g. `{ reload: { twinIds: string[] } }` when the panel is re-targeted). A panel without events uses `NoEvents`.
 */
export type EventMap = { [event: string]: unknown };
export type NoEvents = Record<never, never>;

export type EventMessage<E extends EventMap> = {
  [K in keyof E & string]: { kind: 'event'; event: K; data: E[K] };
}[keyof E & string];

/**
 * The host's answer to each method. `signal` fires when the panel closes or a newer request of the same kind
 * supersedes this one (BridgeOptions.supersede): pass it to every client call, so an outdated request leaves the
 * rate limiter's queue without spending the budget.
 */
export type Handlers<M extends MethodMap> = {
  [K in keyof M & string]: (params: M[K]['params'], signal?: AbortSignal) => Promise<M[K]['result']> | M[K]['result'];
};

/** Checks the outer shape of a message from a webview (its params are checked by each handler). */
export function isRequestMessage(
  value: unknown,
): value is { kind: 'request'; id: number; method: string; params: unknown } {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return m.kind === 'request' && typeof m.id === 'number' && Number.isInteger(m.id) && typeof m.method === 'string';
}

export function isResponseMessage(value: unknown): value is ResponseMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return m.kind === 'response' && typeof m.id === 'number' && typeof m.ok === 'boolean';
}
