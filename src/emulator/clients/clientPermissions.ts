// The permissions a client of the service can hold. The service's proxy names them `<Area>.Read` and
// `<Area>.Write` and compares them case-insensitively. Events have no permission in the service's source;
// the emulator guards them with `Events.Read` / `Events.Write` (docs/service-compatibility.md).

export const PERMISSIONS = [
  'Models.Read',
  'Models.Write',
  'Twins.Read',
  'Twins.Write',
  'TimeSeries.Read',
  'TimeSeries.Write',
  'Insights.Read',
  'Insights.Write',
  'Tickets.Read',
  'Tickets.Write',
  'Events.Read',
  'Events.Write',
  'Inspections.Read',
  'Inspections.Write',
  'Documents.Read',
  'Documents.Write',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** In a clients file, `"*"` stands for every permission. */
export const ALL_PERMISSIONS = '*';

const BY_LOWER = new Map<string, Permission>(PERMISSIONS.map((p) => [p.toLowerCase(), p]));

/** The permission as the emulator spells it, for any casing; undefined for an unknown name. */
export function canonicalPermission(name: string): Permission | undefined {
  return BY_LOWER.get(name.trim().toLowerCase());
}
