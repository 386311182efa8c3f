import * as l10n from '@vscode/l10n';
import type { BuildingTwinsApi } from '../../core/api/types';
import type { EventTypesCache } from '../events/eventTypesCache';
import type { ExtensionLog } from '../shell/extensionLog';
import type { UserInput } from '../shell/userInput';
import { stableJson } from './jsonText';
import type { ResourceRef } from './resourceUri';

/** A resource as loaded into an editor: the object and its text. */
export interface LoadedResource {
  value: unknown;
  text: string;
}

/** What a document handler uses besides its client: questions, the log, the event types it validates against. */
export interface DocumentServices {
  readonly input: Pick<UserInput, 'confirm'>;
  readonly log: Pick<ExtensionLog, 'info' | 'warn'>;
  readonly eventTypes: Pick<EventTypesCache, 'of'>;
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

/** What a save asks before overwriting a resource that changed on the service since it was opened. */
export interface ChangedOnService {
  /** e.g. "Twin T-1". */
  subject: string;
  question: string;
  detail: string;
  /** The service's version (update time) now. */
  now: string | null | undefined;
}

/** Asks to save over a change made on the service; declined, it throws "Not saved" and the editor stays dirty. */
export async function confirmSaveOverChange(services: DocumentServices, change: ChangedOnService): Promise<void> {
  const overwrite = await services.input.confirm(l10n.t('{0} was changed on the service after you opened it. {1}', change.subject, change.question), {
    detail: change.detail,
    confirmLabel: l10n.t('Overwrite'),
  });
  const subject = change.subject.charAt(0).toLowerCase() + change.subject.slice(1);
  if (!overwrite) {
    throw new Error(l10n.t(
      'Not saved: {0} changed on the service (now {1}). Your edits are still in the editor; use "Revert File" to load the new version.',
      subject, change.now ?? l10n.t('unknown time'),
    ));
  }
}
