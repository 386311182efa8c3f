// Per-client authorization, checked before a route's handler runs, as the service's proxy does it:
// a missing permission is a 403; for a location-scoped client a twin outside the scope is a 403, and id
// lists in bodies are narrowed to the twins it may address (403 when none remain). 403s have no body.
import { forbidden } from '../httpErrors';
import { field, isObject } from '../requestFields';
import type { RequestContext } from '../router';
import type { TwinGraph } from '../twins/twinGraph';
import { PERMISSIONS } from './clientPermissions';
import { clientGrant, type ClientGrant, type EmulatorClient } from './emulatorClients';
import { routeAccess, type TwinsInRequest } from './routePermissions';
import { TwinScope } from './twinScope';

export class AccessPolicy {
  private readonly grants: Map<string, ClientGrant>;

  /** Clients not listed here (the development client, --client-id ones) may do everything. */
  constructor(
    clients: readonly EmulatorClient[],
    private readonly graph: TwinGraph,
  ) {
    this.grants = new Map(clients.map((client) => [client.id, clientGrant(client)]));
  }

  /**
   * Whether the client may use the admin routes (the request log of every client, seeding data): only a client with
   * every permission and no location scope, as the development client and --client-id ones are.
   */
  mayAdminister(clientId: string): boolean {
    const grant = this.grants.get(clientId);
    return (
      !grant ||
      (grant.location === undefined && (!grant.permissions || PERMISSIONS.every((p) => grant.permissions!.has(p))))
    );
  }

  /** Throws 403 when the client may not call the route; may replace `ctx.body` by the part the client may address. */
  authorize(clientId: string, route: { method: string; pattern: string }, ctx: RequestContext): void {
    const grant = this.grants.get(clientId);
    if (!grant || (!grant.permissions && grant.location === undefined)) return;
    const access = routeAccess(route.method, route.pattern);
    if (!access)
      throw forbidden(
        `No permission rule covers ${route.method} ${route.pattern}; only unrestricted clients may call it.`,
      );
    if (grant.permissions && !grant.permissions.has(access.permission)) {
      throw forbidden(`Client '${clientId}' does not hold the permission ${access.permission}.`);
    }
    if (grant.location !== undefined && access.twins) {
      ctx.body = this.narrow(access.twins, ctx, new TwinScope(this.graph, grant.location), clientId);
    }
  }

  /** The body with only what the scope allows, or a 403 when a twin is outside it or nothing remains. */
  private narrow(twins: TwinsInRequest, ctx: RequestContext, scope: TwinScope, clientId: string): unknown {
    const outside = (what: string) =>
      forbidden(`${what} outside the location '${scope.location}' of client '${clientId}'.`);
    const body = ctx.body;
    switch (twins.kind) {
      case 'pathParameter': {
        const id = ctx.params[twins.name];
        if (!scope.contains(id)) throw outside(`Twin '${id}' is`);
        return body;
      }
      case 'bodyFields': {
        if (!isObject(body)) return body;
        for (const aliases of twins.fields) {
          const id = field(body, ...aliases);
          if (typeof id !== 'string' || !scope.contains(id))
            throw outside(`'${aliases[0]}' ${typeof id === 'string' ? `('${id}') is` : 'names no twin, so it is'}`);
        }
        return body;
      }
      case 'idArray': {
        if (!Array.isArray(body)) return body;
        const allowed = body.filter((id) => typeof id === 'string' && scope.contains(id));
        if (!allowed.length) throw outside(`Every twin id in the body (${body.length}) is`);
        return allowed;
      }
      case 'telemetryEntries': {
        if (!Array.isArray(body)) return body;
        const allowed = body.filter((entry) => {
          const id = isObject(entry) ? this.telemetryTwin(entry) : undefined;
          return id !== undefined && scope.contains(id);
        });
        if (!allowed.length) throw outside(`The twin of every entry (${body.length}) is`);
        return allowed;
      }
    }
  }

  /** The twin a telemetry entry names: its `dtId`, or else the twin with its `externalId`. */
  private telemetryTwin(entry: Record<string, unknown>): string | undefined {
    const dtId = field(entry, 'dtId');
    if (typeof dtId === 'string' && dtId.trim()) return dtId;
    const externalId = field(entry, 'externalId');
    return typeof externalId === 'string' && externalId.trim() ? this.graph.twinIdByExternalId(externalId) : undefined;
  }
}
