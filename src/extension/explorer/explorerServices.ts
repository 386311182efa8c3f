// What the explorer's rows use, as interfaces: the rows name no command, document or context, so any feature
// can add a group under a connection without the explorer knowing it.
import type { BuildingTwinsApi } from '../../core/api/types';
import type { ConnectionManager } from '../connections/connectionManager';
import type { LocalEmulatorPresence } from '../connections/localEmulatorPresence';
import type { EventTypesCache } from '../events/eventTypesCache';
import type { OpenInsightsCache } from '../insights/openInsightsCache';
import type { ModelCache } from '../models/modelCache';
import type { TwinFilter } from '../twins/twinFilter';
import type { ResourceRows } from './resourceRows';
import type { TreeNode } from './treeNode';

/** What the rows under a connection read: the models, the event types, the twin filter, and where to list themselves. */
export interface ExplorerServices {
  readonly models: Pick<ModelCache, 'getIndex' | 'invalidate'>;
  readonly eventTypes: Pick<EventTypesCache, 'of' | 'forget'>;
  /** Open insights by twin, for twin tooltips (the badges read them too). */
  readonly openInsights: Pick<OpenInsightsCache, 'of'>;
  /** `rows`: the rows that show each resource, so a write can update them; `filter`: the twin filter. */
  readonly tree: { readonly rows: ResourceRows; readonly filter: TwinFilter | undefined };
}

/** What the connection rows (and the tree that lists them) read besides: the connections and the Local emulator. */
export interface ConnectionServices extends ExplorerServices {
  readonly connections: Pick<
    ConnectionManager,
    'activeName' | 'state' | 'getClient' | 'ensureSignedIn' | 'configured' | 'list' | 'isReadOnly'
  >;
  readonly localEmulator: Pick<LocalEmulatorPresence, 'known' | 'set' | 'check'>;
}

/** The connection a row belongs to: the top row, handed to every group under it. */
export interface ConnectionScope extends TreeNode {
  readonly connection: string;
  readonly services: ExplorerServices;
  client(): Promise<BuildingTwinsApi>;
}

/** Makes one group under a connection; its id must be `childId(connection, '<group name>')`. */
export type ConnectionGroupFactory = (connection: ConnectionScope) => TreeNode;
