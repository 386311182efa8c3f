import type { BuildingTwinsApi } from '../../core/api/types';
import type { BuildingTwinsContext } from '../extensionContext';
import type { ResourceRef } from './resourceUri';

/** A resource as loaded into an editor: the object and its text. */
export interface LoadedResource {
  value: unknown;
  text: string;
}

export interface ResourceCall {
  ctx: BuildingTwinsContext;
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
