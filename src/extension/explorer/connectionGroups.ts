import { EventsNode } from '../events/eventsNode';
import { InsightsNode } from '../insights/insightsNode';
import { LocationsNode } from '../twins/locationsNode';
import { ModelsNode } from '../models/modelsNode';
import { TicketMetadataNode } from '../tickets/ticketMetadataNode';
import { TicketsNode } from '../tickets/ticketsNode';
import { TwinsNode } from '../twins/twinsNode';
import type { ConnectionGroupFactory } from './explorerServices';

/**
 * The groups under each connection, in order, handed to the explorer by the composition root. A feature adds
 * its group here (one line), e.g. `(c) => new EventsNode(c)`; a group's id must be `childId(connection, '<group name>')`.
 */
export const connectionGroupFactories: readonly ConnectionGroupFactory[] = [
  (c) => new ModelsNode(c),
  (c) => new TwinsNode(c),
  (c) => new LocationsNode(c),
  (c) => new InsightsNode(c),
  (c) => new EventsNode(c),
  (c) => new TicketsNode(c),
  (c) => new TicketMetadataNode(c),
];
