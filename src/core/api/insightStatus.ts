// An insight carries two statuses: `lastStatus`, its current status, and `status`, the same status in
// the legacy vocabulary older integrations read.

/** The current statuses (`lastStatus`). */
export const INSIGHT_STATUSES = ['open', 'ignored', 'inProgress', 'resolved', 'new', 'readyToResolve'] as const;
export type InsightStatus = (typeof INSIGHT_STATUSES)[number];

/** The legacy statuses (`status`). */
export const LEGACY_INSIGHT_STATUSES = ['open', 'acknowledged', 'inProgress', 'closed'] as const;
export type LegacyInsightStatus = (typeof LEGACY_INSIGHT_STATUSES)[number];

const LEGACY_OF: Readonly<Record<InsightStatus, LegacyInsightStatus>> = {
  new: 'open',
  open: 'open',
  ignored: 'acknowledged',
  inProgress: 'inProgress',
  readyToResolve: 'inProgress',
  resolved: 'closed',
};
const CURRENT_OF: Readonly<Record<LegacyInsightStatus, InsightStatus>> = {
  open: 'open',
  acknowledged: 'ignored',
  inProgress: 'inProgress',
  closed: 'resolved',
};

export function isInsightStatus(value: unknown): value is InsightStatus {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(LEGACY_OF, value);
}

export function isLegacyInsightStatus(value: unknown): value is LegacyInsightStatus {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(CURRENT_OF, value);
}

/** The legacy word for a current status (new → open, ignored → acknowledged, readyToResolve → inProgress, resolved → closed). */
export function legacyInsightStatus(status: InsightStatus): LegacyInsightStatus {
  return LEGACY_OF[status];
}

/** The current status a legacy one stands for (acknowledged → ignored, closed → resolved). */
export function currentInsightStatus(status: LegacyInsightStatus): InsightStatus {
  return CURRENT_OF[status];
}

/** The status to show: the current one, else the legacy one, else empty. */
export function shownInsightStatus(insight: { status?: unknown; lastStatus?: unknown }): string {
  const status = insight.lastStatus ?? insight.status;
  return typeof status === 'string' ? status : '';
}

/**
 * The codes the service stores the current status under (InsightCore `Models/InsightStatus.cs`; 50 is
 * `deleted`, never listed). Sorting by `status` follows these codes, not the words.
 */
export const INSIGHT_STATUS_CODES: Readonly<Record<InsightStatus, number>> = {
  open: 0,
  ignored: 10,
  inProgress: 20,
  resolved: 30,
  new: 40,
  readyToResolve: 60,
};

/** The codes the service stores an insight's `type` under (InsightCore `Models/InsightType.cs`); sorting by `type` follows them. */
export const INSIGHT_TYPE_CODES: Readonly<Record<string, number>> = {
  fault: 1,
  energy: 2,
  alert: 3,
  note: 4,
  goldenStandard: 5,
  infrastructure: 6,
  integrityKpi: 7,
  energyKpi: 8,
  edgeDevice: 9,
  dataQuality: 10,
  commissioning: 11,
  comfort: 12,
  wellness: 13,
  calibration: 14,
  diagnostic: 15,
  predictive: 16,
};

/** The codes the service stores an insight's `state` under (InsightCore `Models/InsightState.cs`). */
const INSIGHT_STATE_CODES: Readonly<Record<string, number>> = { inactive: 0, active: 1, archived: 9 };

/** The codes the service stores an insight's `sourceType` under (InsightCore `Models/SourceType.cs`). */
const INSIGHT_SOURCE_TYPE_CODES: Readonly<Record<string, number>> = { willow: 0, app: 1, inspection: 2 };

/**
 * Insight fields the service stores as enum codes (no value conversion in InsightCore `Entities/InsightDbContext.cs`):
 * they sort by code and cannot be compared with `>`, `>=`, `<`, `<=`.
 */
export const INSIGHT_CODED_FIELDS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  status: INSIGHT_STATUS_CODES,
  type: INSIGHT_TYPE_CODES,
  state: INSIGHT_STATE_CODES,
  sourceType: INSIGHT_SOURCE_TYPE_CODES,
};

/** The current statuses in the order the service sorts them (by code). */
export const INSIGHT_STATUS_SORT_ORDER: readonly InsightStatus[] = [...INSIGHT_STATUSES].sort(
  (a, b) => INSIGHT_STATUS_CODES[a] - INSIGHT_STATUS_CODES[b],
);

/** The code of an enum word (any case), or undefined when it is none. */
export function enumCode(codes: Readonly<Record<string, number>>, word: unknown): number | undefined {
  if (typeof word !== 'string') return undefined;
  const lower = word.trim().toLowerCase();
  for (const key of Object.keys(codes)) if (key.toLowerCase() === lower) return codes[key];
  return undefined;
}
