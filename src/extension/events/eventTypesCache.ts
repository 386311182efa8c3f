// Event types (GET /events/types) per connection, fetched once and reused by the tree, the
// templates and validation; "Refresh" on the Events node drops them.
import type { BuildingTwinsApi, EventType } from '../../core/api/types';

export class EventTypesCache {
  private readonly types = new Map<string, Promise<EventType[]>>();

  of(connection: string, client: BuildingTwinsApi): Promise<EventType[]> {
    let types = this.types.get(connection);
    if (!types) {
      types = client.listEventTypes();
      this.types.set(connection, types);
      types.catch(() => {
        if (this.types.get(connection) === types) this.types.delete(connection);
      });
    }
    return types;
  }

  forget(connection: string): void {
    this.types.delete(connection);
  }
}
