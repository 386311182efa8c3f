// How tickets look in the tree: priority badges and grouping by status. Pure: no 'vscode'.
import * as l10n from '@vscode/l10n';
import type { PriorityLevel, Ticket, TicketStatus } from '../../core/api/types';

export interface PriorityBadge {
  /** Codicon id for a ThemeIcon. */
  icon: string;
  /** Theme colour id for the icon. */
  color: string;
  label: string;
}

/** A badge whose label is localised when the badge is asked for. */
type BadgeOf = Omit<PriorityBadge, 'label'> & { label(): string };

const BADGES: Record<PriorityLevel, BadgeOf> = {
  urgent: { icon: 'flame', color: 'charts.red', label: () => l10n.t('Urgent') },
  high: { icon: 'arrow-up', color: 'charts.orange', label: () => l10n.t('High') },
  medium: { icon: 'dash', color: 'charts.yellow', label: () => l10n.t('Medium') },
  low: { icon: 'arrow-down', color: 'charts.blue', label: () => l10n.t('Low') },
};
const UNKNOWN_BADGE: BadgeOf = {
  icon: 'circle-outline',
  color: 'disabledForeground',
  label: () => l10n.t('No priority'),
};

/** The badge for a priority level; levels the service adds later get a neutral badge. */
export function priorityBadge(level: string | null | undefined): PriorityBadge {
  const { icon, color, label } = (level && BADGES[level.toLowerCase() as PriorityLevel]) || UNKNOWN_BADGE;
  return { icon, color, label: label() };
}

export interface StatusGroup {
  status: TicketStatus;
  tickets: Ticket[];
}

/** Groups tickets by status, in the order of the service's status list; statuses not in the list follow, by name. */
export function groupByStatus(tickets: readonly Ticket[], statuses: readonly TicketStatus[]): StatusGroup[] {
  const groups = new Map<string, StatusGroup>();
  for (const status of statuses) groups.set(status.id, { status, tickets: [] });
  const extra: StatusGroup[] = [];
  for (const ticket of tickets) {
    const status = ticket.ticketStatus ?? { id: '', name: l10n.t('No status') };
    let group = groups.get(status.id);
    if (!group) {
      group = { status, tickets: [] };
      groups.set(status.id, group);
      extra.push(group);
    }
    group.tickets.push(ticket);
  }
  extra.sort((a, b) => (a.status.name ?? '').localeCompare(b.status.name ?? ''));
  return [...statuses.map((s) => groups.get(s.id)!), ...extra].filter((g) => g.tickets.length > 0);
}

/** The ticket's one-line label. */
export function ticketLabel(ticket: Ticket): string {
  return ticket.summary?.trim() || l10n.t('Ticket {0}', ticket.id);
}

const CHART_COLORS = ['red', 'orange', 'yellow', 'green', 'blue', 'purple'] as const;
/** Upper hue bound (degrees) of each chart colour; red wraps around. */
const HUE_BOUNDS: Array<[number, (typeof CHART_COLORS)[number]]> = [
  [15, 'red'],
  [40, 'orange'],
  [70, 'yellow'],
  [170, 'green'],
  [240, 'blue'],
  [330, 'purple'],
  [360, 'red'],
];

/**
 * Theme colour id for a status colour sent by the service: a chart colour name ("yellow") or a hex
 * colour ("#e57936" -> charts.orange, by hue). Greys and anything unreadable give undefined (default colour).
 */
export function statusThemeColor(color: string | null | undefined): string | undefined {
  const text = color?.trim().toLowerCase() ?? '';
  if ((CHART_COLORS as readonly string[]).includes(text)) return `charts.${text}`;
  const hex = /^#?([0-9a-f]{6})$/.exec(text)?.[1];
  if (!hex) return undefined;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === 0 || (max - min) / max < 0.25) return undefined;
  const d = max - min;
  const hue = (max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4) * 60;
  return `charts.${HUE_BOUNDS.find(([bound]) => hue < bound)?.[1] ?? 'red'}`;
}
