// An insight carries two statuses: `lastStatus`, its current status, and `status`, the same status in
// the legacy vocabulary older integrations read.

/** The current statuses (`lastStatus`). */
export const INSIGHT_STATUSES = ['open', 'ignored', 'inProgress', 'resolved', 'new', 'readyToResolve'] as const;
export type InsightStatus = (typeof INSIGHT_STATUSES)[number];

/** The legacy statuses (`status`). */
export const LEGACY_INSIGHT_STATUSES = ['open', 'acknowledged', 'inProgress', 'closed'] as const;
export type LegacyInsightStatus = (typeof LEGACY_INSIGHT_STATUSES)[number];

const LEGACY_OF: Readonly<Record<InsightStatus, LegacyInsightStatus>> = {
  new: 'open', open: 'open', ignored: 'acknowledged', inProgress: 'inProgress', readyToResolve: 'inProgress', resolved: 'closed',
};
const CURRENT_OF: Readonly<Record<LegacyInsightStatus, InsightStatus>> = {
  open: 'open', acknowledged: 'ignored', inProgress: 'inProgress', closed: 'resolved',
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
