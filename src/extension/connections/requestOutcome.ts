// How one request's outcome changes its connection's state. Free of 'vscode' imports so unit tests can
// check it. Only the token endpoint refusing the client (401 invalid_client) means bad credentials; a 403
// means the credentials were accepted and this client lacks a permission (or the twin is outside its
// location scope): the connection keeps working for everything else.
import type { RequestEvent } from '../../core/api/httpTransport';

export type RequestOutcome = { kind: 'connected' } | { kind: 'error'; message: string } | undefined;

/** The state a connection moves to after `e`; undefined leaves it as it is. */
export function connectionStateAfter(e: Pick<RequestEvent, 'operation' | 'method' | 'path' | 'status' | 'error'>): RequestOutcome {
  if (e.status === 0) return { kind: 'error', message: `${e.method} ${e.path}: ${e.error ?? 'no response'}` };
  if (e.status === 401 && e.operation === 'getToken') return { kind: 'error', message: `${e.method} ${e.path} was refused (401); check the client id and secret.` };
  if (e.status === 401) return { kind: 'error', message: `${e.method} ${e.path} was refused (401): the service did not accept the access token.` };
  if (e.status < 400 || e.status === 403) return { kind: 'connected' };
  return undefined;
}
