// How one request's outcome changes its connection's state. Free of 'vscode' imports so unit tests can
// check it. Only the token endpoint refusing the client (401 invalid_client) means bad credentials; a 403
// means the credentials were accepted and this client lacks a permission (or the twin is outside its
// location scope): the connection keeps working for everything else.
import * as l10n from '@vscode/l10n';
import type { RequestEvent } from '../../core/api/httpTransport';

export type RequestOutcome = { kind: 'connected' } | { kind: 'error'; message: string } | undefined;

/** The state a connection moves to after `e`; undefined leaves it as it is. */
export function connectionStateAfter(
  e: Pick<RequestEvent, 'operation' | 'method' | 'path' | 'status' | 'error'>,
): RequestOutcome {
  const request = `${e.method} ${e.path}`;
  if (e.status === 0) return { kind: 'error', message: `${request}: ${e.error ?? l10n.t('no response')}` };
  if (e.status === 401 && e.operation === 'getToken')
    return { kind: 'error', message: l10n.t('{0} was refused (401); check the client id and secret.', request) };
  if (e.status === 401)
    return {
      kind: 'error',
      message: l10n.t('{0} was refused (401): the service did not accept the access token.', request),
    };
  if (e.status < 400 || e.status === 403) return { kind: 'connected' };
  return undefined;
}
