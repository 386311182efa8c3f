import type {
  BuildingEvent,
  DigitalTwin,
  EventType,
  Insight,
  Model,
  Relationship,
  Ticket,
  TicketMetadataItem,
  TicketPriority,
  TicketStatus,
} from '../../core/api/types';
import { buildEvents, SAMPLE_EVENT_TYPES } from './sampleEvents';
import { buildInsights } from './sampleInsights';
import { sampleModels } from './sampleModels';
import { BASE_SITES, portfolioEntries, type CapabilityInfo, type TwinRole } from './samplePortfolio';
import { buildTelemetry, type SampleSeries } from './sampleTelemetry';
import { buildTickets, type SampleAttachment } from './sampleTickets';

export interface SampleOptions {
  /** Grow the portfolio with generated sites to exactly this many twins (no effect at or below the base size). */
  scale?: number;
  /** PRNG seed (default 1). The same seed and `now` give identical data; ids do not depend on `now`. */
  seed?: number;
  /**
   * Reference time in epoch ms or ISO text: telemetry ends here and every date of the sample is set from it. No
   * default: the emulator passes its own clock's hour (`sampleHour`), tests a pinned time.
   */
  now: number | string | Date;
  /** Number of root insights (default: one per insight template, 14). For benchmarks. */
  insights?: number;
  /** Days of 15-minute telemetry for the base sites (default 3). */
  telemetryDays?: number;
}

export interface SampleData {
  models: Model[];
  twins: DigitalTwin[];
  /** Without ids: the store derives them. */
  relationships: Relationship[];
  telemetry: SampleSeries[];
  insights: Insight[];
  eventTypes: EventType[];
  events: BuildingEvent[];
  tickets: Ticket[];
  categories: TicketMetadataItem[];
  jobTypes: TicketMetadataItem[];
  servicesNeeded: TicketMetadataItem[];
  statuses: TicketStatus[];
  priorities: TicketPriority[];
  attachments: SampleAttachment[];
}

export const DEFAULT_SAMPLE_SEED = 1;

/** A time rounded down to the hour: the sample's reference time for an emulator whose clock reads `now`. */
export function sampleHour(now: number): number {
  return Math.floor(now / 3_600_000) * 3_600_000;
}

function resolveNow(now: SampleOptions['now']): number {
  const ms = now instanceof Date ? now.getTime() : typeof now === 'string' ? Date.parse(now) : now;
  if (!Number.isFinite(ms)) throw new Error(`Sample reference time '${String(now)}' is not a valid date`);
  return ms;
}

function checkCount(name: string, value: number | undefined, max: number): void {
  if (value !== undefined && (!Number.isInteger(value) || value < 0 || value > max)) {
    throw new Error(`Sample option '${name}' must be an integer between 0 and ${max}; got ${value}`);
  }
}

/** The sample portfolio: two hand-laid sites (plus generated ones with `scale`), telemetry, insights, events and tickets. */
export function buildSample(options: SampleOptions): SampleData {
  checkCount('scale', options.scale, 10_000_000);
  checkCount('insights', options.insights, 1_000_000);
  if (options.telemetryDays !== undefined && !(options.telemetryDays > 0 && options.telemetryDays <= 60)) {
    throw new Error(`Sample option 'telemetryDays' must be between 0 and 60; got ${options.telemetryDays}`);
  }
  const seed = options.seed ?? DEFAULT_SAMPLE_SEED;
  const now = resolveNow(options.now);
  const baseSiteIds = new Set(BASE_SITES.map((s) => s.code));

  const twins: DigitalTwin[] = [];
  const relationships: Relationship[] = [];
  const points: CapabilityInfo[] = [];
  const locationOf = new Map<string, string>();
  const baseByRole = new Map<TwinRole, DigitalTwin[]>();
  const allByRole = new Map<TwinRole, DigitalTwin[]>();
  const addRole = (map: Map<TwinRole, DigitalTwin[]>, role: TwinRole, twin: DigitalTwin) => {
    const list = map.get(role);
    if (list) list.push(twin);
    else map.set(role, [twin]);
  };
  for (const entry of portfolioEntries(seed, now, options.scale ?? 0)) {
    twins.push(entry.twin);
    for (const r of entry.relationships) relationships.push(r);
    if (entry.capability) points.push(entry.capability);
    if (entry.locationId) locationOf.set(entry.twin.id, entry.locationId);
    if (baseSiteIds.has(entry.siteCode)) addRole(baseByRole, entry.role, entry.twin);
    if (options.insights !== undefined) addRole(allByRole, entry.role, entry.twin);
  }
  const twinById = new Map(twins.map((t) => [t.id, t]));
  const locationsOf = (twinId: string): string[] => {
    const chain: string[] = [];
    for (let id = locationOf.get(twinId); id !== undefined && chain.length < 16; id = locationOf.get(id))
      chain.unshift(id);
    return chain;
  };
  const twinsWithIds = (ids: string[]) =>
    ids.map((id) => twinById.get(id)).filter((t): t is DigitalTwin => t !== undefined);

  const overheatingIds = new Set(['HP-L03-R01-TEMP', 'RL-L02-R03-TEMP']);
  const offlineIds = new Set(['HP-L04-R03-CO2']);
  const telemetry = buildTelemetry(points, { seed, now, days: options.telemetryDays ?? 3, overheatingIds, offlineIds });

  const insights = buildInsights(
    {
      byRole: options.insights !== undefined ? allByRole : baseByRole,
      overheatingRooms: twinsWithIds([...overheatingIds].map((id) => id.replace(/-TEMP$/, ''))),
      offlinePoints: twinsWithIds([...offlineIds]),
    },
    { seed, now, roots: options.insights },
  );

  const buildings = baseByRole.get('building') ?? [];
  const events = buildEvents(
    {
      buildings,
      meetingRooms: (baseByRole.get('room') ?? []).filter((t) => t.contents?.roomType === 'meetingRoom'),
      mainMeters: (baseByRole.get('meter') ?? []).filter((t) => t.contents?.meterRole === 'main'),
      plant: [...(baseByRole.get('ahu') ?? []), ...(baseByRole.get('chiller') ?? [])],
      locationsOf,
    },
    { seed, now },
  );

  const ticketTwins = (['room', 'vav', 'ahu', 'chiller', 'meter'] as const).flatMap(
    (role) => baseByRole.get(role) ?? [],
  );
  const ticketSample = buildTickets(
    {
      insights,
      twins: ticketTwins,
      buildingOf: (twinId) => twinById.get(locationsOf(twinId)[0] ?? twinId),
    },
    { seed, now },
  );

  return {
    models: sampleModels(new Date(now - 90 * 86_400_000).toISOString()),
    twins,
    relationships,
    telemetry,
    insights,
    eventTypes: SAMPLE_EVENT_TYPES.map((t) => ({ ...t })),
    events,
    ...ticketSample,
  };
}
