import * as vscode from 'vscode';
import { BuildingTwinsClient } from '../../core/api/client';
import type { OutgoingWrite } from '../../core/api/httpTransport';
import { pacingFor } from '../../core/api/localEmulator';
import type { ClientFactory } from './connectionClients';
import { isLocalConnection } from './connectionProfile';
import { exchangeForConnection } from './exchangeForConnection';

/**
 * Builds the core API client for a connection: tokens cached in SecretStorage, every request reported
 * to the log. The local emulator gets no client-side pacing (it enforces its own limit only when started with one).
 * Requests go over keep-alive node:http unless VS Code's proxy support would not apply to it (exchangeForConnection.ts).
 */
export const createApiClient = (
  { profile, clientSecret, secrets, onRequest, signal }: Parameters<ClientFactory>[0],
  /** Asks before a write leaves (WriteGate.beforeClientWrite): required, so no client of the extension writes unasked. */
  beforeWrite: (write: OutgoingWrite) => Promise<void>,
): ReturnType<ClientFactory> =>
  new BuildingTwinsClient({
    baseUrl: profile.baseUrl,
    clientId: profile.clientId,
    clientSecret,
    tokenStore: secrets.tokenStore(profile.name),
    rateLimit: pacingFor({ localEmulator: isLocalConnection(profile.name) }),
    exchange: exchangeForConnection(profile.baseUrl, {
      proxySupport: vscode.workspace.getConfiguration('http').get<string>('proxySupport'),
    }),
    onRequest,
    signal,
    readOnly: profile.readOnly === true,
    connectionName: profile.name,
    beforeWrite,
  });
