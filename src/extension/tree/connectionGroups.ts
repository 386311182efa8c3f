import { EventsNode } from './eventNodes';
import { InsightsNode } from './insightsNode';
import { LocationsNode } from './locationsNode';
import { ModelsNode } from './modelsNode';
import { TicketMetadataNode } from './ticketMetadataNodes';
import { TicketsNode } from './ticketNodes';
import { TwinsNode } from './twinsNode';
import type { ConnectionNode } from './connectionNode';
import type { TreeNode } from './treeNode';

export type ConnectionGroupFactory = (connection: ConnectionNode) => TreeNode;

/**
 * The groups under each connection, in order. Feature areas append their group here (one line),
 * e.g. `(c) => new EventsNode(c)`; a group's id must be `childId(connection, '<group name>')`.
 */
export const connectionGroupFactories: ConnectionGroupFactory[] = [
  (c) => new ModelsNode(c),
  (c) => new TwinsNode(c),
  (c) => new LocationsNode(c),
  (c) => new InsightsNode(c),
  (c) => new EventsNode(c),
  (c) => new TicketsNode(c),
  (c) => new TicketMetadataNode(c),
];
