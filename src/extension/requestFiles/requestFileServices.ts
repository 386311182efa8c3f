// What the request file features use of the window's services (the extension's services satisfy it).

import type * as vscode from 'vscode';
import type { BuildingTwinsApi } from '../../core/api/types';
import type { ModelIndex } from '../../core/dtdl/modelIndex';
import type { WriteGate } from '../documents/writeGate';

export interface RequestConnections {
  activeName(): string;
  get(name: string): { name: string; baseUrl: string; clientId: string } | undefined;
  getClient(name: string): Promise<BuildingTwinsApi>;
  /** Whether the connection refuses writes: a run with writes on it is refused before anything is asked. */
  isReadOnly(name: string): boolean;
}

export interface RequestFileServices {
  readonly connections: RequestConnections;
  readonly models: { getIndex(connection: string): Promise<ModelIndex> };
  readonly log: { info(message: string): void; warn(message: string): void };
  readonly input: {
    confirm(message: string, options: { detail?: string; confirmLabel: string; modal?: boolean }): Promise<boolean>;
    saveFile(options: {
      title: string;
      filters: Record<string, string[]>;
      defaultUri?: vscode.Uri;
    }): Promise<vscode.Uri>;
  };
  readonly vscodeContext: vscode.ExtensionContext;
  /** Asks about the run's writes (WriteGate), then sends them without asking again (sendConfirmed). */
  readonly writes: Pick<WriteGate, 'needsConfirmation' | 'confirm' | 'sendConfirmed'>;
}
