// Event types (GET /events/types) per connection, fetched once and reused by the tree, the
// templates and validation; "Refresh" on the Events node drops them.
import type { BuildingTwinsApi, EventType } from '../../core/api/types';
import type { BuildingTwinsContext } from '../extensionContext';

const cache = new WeakMap<BuildingTwinsContext, Map<string, Promise<EventType[]>>>();

export function eventTypesOf(ctx: BuildingTwinsContext, connection: string, client: BuildingTwinsApi): Promise<EventType[]> {
  let perConnection = cache.get(ctx);
  if (!perConnection) cache.set(ctx, (perConnection = new Map()));
  let types = perConnection.get(connection);
  if (!types) {
    types = client.listEventTypes();
    perConnection.set(connection, types);
    types.catch(() => perConnection!.delete(connection));
  }
  return types;
}

export function forgetEventTypes(ctx: BuildingTwinsContext, connection: string): void {
  cache.get(ctx)?.delete(connection);
}
