// Which permission each API route needs, and which twins in the request a location-scoped client must be
// allowed to address — as the service's proxy configures its routes (policies and TwinPermissions
// transforms; docs/service-compatibility.md, "Errors, tokens and permissions"). Routes the service's
// source does not route (events, ticket writes, ticket metadata, /twins/count, /twins/graph, POST
// /time-series) follow the same pattern by analogy.
import type { Permission } from './clientPermissions';

/** Where a route names twins that a location-scoped client must be allowed to address. */
export type TwinsInRequest =
  /** A path parameter: outside the scope, 403. */
  | { kind: 'pathParameter'; name: string }
  /** A body that is an array of twin ids: filtered to the allowed ones, 403 when none remain. */
  | { kind: 'idArray' }
  /** Body fields each naming one twin (any of the aliases): every one must be allowed, else 403. */
  | { kind: 'bodyFields'; fields: ReadonlyArray<readonly string[]> }
  /** Telemetry entries naming their twin by `dtId` or else `externalId`: filtered, 403 when none remain. */
  | { kind: 'telemetryEntries' };

export interface RouteAccess {
  permission: Permission;
  /** Omitted: the route is not limited by location (lists, models, insights, tickets, events). */
  twins?: TwinsInRequest;
}

const param = (name: string): TwinsInRequest => ({ kind: 'pathParameter', name });
const read = (
  area: 'Models' | 'Twins' | 'TimeSeries' | 'Insights' | 'Tickets' | 'Events',
  twins?: TwinsInRequest,
): RouteAccess => ({ permission: `${area}.Read`, twins });
const write = (area: 'Twins' | 'TimeSeries' | 'Tickets' | 'Events', twins?: TwinsInRequest): RouteAccess => ({
  permission: `${area}.Write`,
  twins,
});

const TICKET_METADATA = ['categories', 'job-types', 'service-needed'];

/** Access rules by `METHOD /pattern`, the patterns as the router registers them. */
export const ROUTE_ACCESS: ReadonlyMap<string, RouteAccess> = new Map<string, RouteAccess>([
  ['GET /models', read('Models')],
  ['GET /models/:id', read('Models')],

  // POST /twins (and /count) carry no twin ids: the service's proxy applies no location check to them.
  ['POST /twins', read('Twins')],
  ['POST /twins/count', read('Twins')],
  ['POST /twins/ids', read('Twins', { kind: 'idArray' })],
  ['GET /twins/:id', read('Twins', param('id'))],
  ['POST /twins/graph', read('Twins', { kind: 'bodyFields', fields: [['id', 'dtId', 'twinId']] })],
  ['GET /twins/:twinId/relationships/outgoing', read('Twins', param('twinId'))],
  ['GET /twins/:twinId/relationships/incoming', read('Twins', param('twinId'))],
  ['GET /twins/:twinId/relationships/:relationshipId', read('Twins', param('twinId'))],
  // PUT /twins: the service checks the permission only, not where the twin is.
  ['PUT /twins', write('Twins')],
  ['PATCH /twins/:id', write('Twins', param('id'))],
  [
    'PUT /twins/relationships',
    write('Twins', {
      kind: 'bodyFields',
      fields: [
        ['sourceId', '$sourceId'],
        ['targetId', '$targetId'],
      ],
    }),
  ],

  ['GET /time-series/:twinId', read('TimeSeries', param('twinId'))],
  ['GET /time-series/:twinId/latest', read('TimeSeries', param('twinId'))],
  ['POST /time-series/ids', read('TimeSeries', { kind: 'idArray' })],
  ['POST /time-series/ids/latest', read('TimeSeries', { kind: 'idArray' })],
  ['POST /time-series', write('TimeSeries', { kind: 'telemetryEntries' })],

  ['POST /insights', read('Insights')],
  ['GET /insights/:insightId', read('Insights')],

  ['POST /tickets', read('Tickets')],
  ['GET /tickets/:ticketId', read('Tickets')],
  ['GET /tickets/:ticketId/attachments/:attachmentId', read('Tickets')],
  ['PUT /tickets', write('Tickets')],
  ['PATCH /tickets/:ticketId', write('Tickets')],
  ['GET /tickets/status', read('Tickets')],
  ['GET /tickets/priorities', read('Tickets')],
  ...TICKET_METADATA.flatMap((kind): Array<[string, RouteAccess]> => [
    [`POST /tickets/${kind}`, read('Tickets')],
    [`PUT /tickets/${kind}`, write('Tickets')],
    [`PATCH /tickets/${kind}/:id`, write('Tickets')],
  ]),

  ['POST /events', read('Events')],
  ['GET /events/:eventId', read('Events')],
  ['GET /events/types', read('Events')],
  ['PUT /events', write('Events')],
  ['DELETE /events', write('Events')],
  ['POST /events/files', write('Events')],
]);

export function routeAccess(method: string, pattern: string): RouteAccess | undefined {
  return ROUTE_ACCESS.get(`${method.toUpperCase()} ${pattern}`);
}
