import type { BuildingTwinsApi } from '../../core/api/types';
import type { ExtensionLog } from '../shell/extensionLog';
import type { UserInput } from '../shell/userInput';
import { stableJson } from './jsonText';
import type { ResourceRef } from './resourceUri';
import type { WriteGate } from './writeGate';

/** A resource as loaded into an editor: the object and its text. */
export interface LoadedResource {
  value: unknown;
  text: string;
  /** Set on what a save returns when the user chose the service's version over their edits: nothing was sent. */
  reverted?: boolean;
}

/**
 * What a document handler uses besides its client: questions, the write confirmation and conflict questions, the
 * log.
 */
export interface DocumentServices {
  readonly input: Pick<UserInput, 'confirm'>;
  readonly writes: Pick<WriteGate, 'beforeSend' | 'onServiceChange' | 'run'>;
  readonly log: Pick<ExtensionLog, 'info' | 'warn'>;
}

export interface ResourceCall {
  services: DocumentServices;
  client: BuildingTwinsApi;
  ref: ResourceRef;
}

/**
 * One kind of remote document served by the `buildingtwins:` file system (`buildingtwins:/<connection>/<kind>/…`).
 * Twins, relationships and models are registered by the shell; other areas register theirs (tickets, events).
 */
export interface ResourceHandler {
  /** The URI path segment after the connection, e.g. "twins". */
  readonly kind: string;
  /** Read-only documents cannot be saved (models, relationships). */
  readonly readonly: boolean;
  read(call: ResourceCall): Promise<LoadedResource>;
  /** Sends the edited value; returns the resource as the service now has it. Throw to refuse (the editor stays dirty). */
  write?(call: ResourceCall, edited: unknown, loaded: LoadedResource): Promise<LoadedResource>;
}

/** A resource as a document: its text (keys in `keyOrder` first) and the value that text parses back to. */
export function loadedResource(value: unknown, keyOrder: readonly string[]): LoadedResource {
  const text = stableJson(value, keyOrder);
  return { value: JSON.parse(text) as unknown, text };
}
