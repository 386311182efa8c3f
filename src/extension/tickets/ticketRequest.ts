// The "Create ticket" JSON template and its local validation.
// Pure: no 'vscode'. Tickets are a pre-release group of the service: keep their shapes here.
import * as l10n from '@vscode/l10n';
import type { CreateTicketRequest, Insight } from '../../core/api/types';

/** Thrown when a create-ticket request fails local validation; nothing is sent. */
export class TicketRequestError extends Error {
  constructor(readonly problems: string[]) {
    super(l10n.t('Nothing was sent: {0}', problems.join(' ')));
    this.name = 'TicketRequestError';
  }
}

const STRING_FIELDS = [
  'description',
  'cause',
  'solution',
  'notes',
  'twinId',
  'insightId',
  'insightName',
  'statusId',
  'priorityId',
  'categoryId',
  'jobTypeId',
  'serviceNeededId',
  'assigneeName',
  'externalId',
] as const;
const KNOWN_FIELDS = new Set<string>(['summary', 'latitude', 'longitude', 'dueDate', ...STRING_FIELDS]);

/** The template's references, chosen with pickers; absent ones are written as null. */
export interface TicketReferences {
  twinId?: string | null;
  insightId?: string | null;
  insightName?: string | null;
  categoryId?: string | null;
  jobTypeId?: string | null;
  serviceNeededId?: string | null;
  priorityId?: string | null;
}

export function ticketTemplate(refs: TicketReferences, summary = '', description = ''): CreateTicketRequest {
  return {
    summary,
    description,
    twinId: refs.twinId ?? null,
    insightId: refs.insightId ?? null,
    insightName: refs.insightName ?? null,
    categoryId: refs.categoryId ?? null,
    jobTypeId: refs.jobTypeId ?? null,
    serviceNeededId: refs.serviceNeededId ?? null,
    ...(refs.priorityId ? { priorityId: refs.priorityId } : {}),
  };
}

/** A ticket request raised from an insight: its name, description and recommendation, twin and id. */
export function ticketFromInsight(insight: Insight, refs: TicketReferences = {}): CreateTicketRequest {
  const summary = insight.name?.trim() || l10n.t('Insight {0}', insight.id);
  const description = [
    insight.description,
    insight.recommendation && l10n.t('Recommendation: {0}', insight.recommendation),
  ]
    .filter(Boolean)
    .join('\n\n');
  return ticketTemplate(
    { ...refs, twinId: insight.twinId ?? null, insightId: insight.id, insightName: insight.name ?? null },
    summary,
    description,
  );
}

/** Parses and checks a create-ticket request (JSON text or a value); throws TicketRequestError listing every fault. */
export function checkCreateTicket(input: unknown): CreateTicketRequest {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (err) {
      throw new TicketRequestError([l10n.t('The text is not valid JSON: {0}', (err as Error).message)]);
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TicketRequestError([l10n.t('A ticket request must be one JSON object.')]);
  }
  const req = value as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof req.summary !== 'string' || !req.summary.trim())
    problems.push(l10n.t('"summary" is required and must be non-empty text.'));
  for (const field of STRING_FIELDS) {
    if (req[field] !== undefined && req[field] !== null && typeof req[field] !== 'string')
      problems.push(l10n.t('"{0}" must be a string or null.', field));
  }
  for (const field of ['latitude', 'longitude'] as const) {
    if (
      req[field] !== undefined &&
      req[field] !== null &&
      !(typeof req[field] === 'number' && Number.isFinite(req[field]))
    ) {
      problems.push(l10n.t('"{0}" must be a number or null.', field));
    }
  }
  if (
    req.dueDate !== undefined &&
    req.dueDate !== null &&
    (typeof req.dueDate !== 'string' || Number.isNaN(Date.parse(req.dueDate)))
  ) {
    problems.push(l10n.t('"dueDate" must be an ISO 8601 date-time such as 2024-10-01T12:00:00Z, or null.'));
  }
  const unknown = Object.keys(req).filter((k) => !KNOWN_FIELDS.has(k));
  if (unknown.length) {
    const named = unknown.map((k) => `"${k}"`).join(', ');
    const known = [...KNOWN_FIELDS].filter((k) => k !== 'summary').join(', ');
    problems.push(
      unknown.length === 1
        ? l10n.t('Unknown field {0} (known: summary, {1}).', named, known)
        : l10n.t('Unknown fields {0} (known: summary, {1}).', named, known),
    );
  }
  if (problems.length) throw new TicketRequestError(problems);
  // Empty strings for optional references mean "none".
  const clean: Record<string, unknown> = { ...req };
  for (const field of [
    'twinId',
    'insightId',
    'categoryId',
    'jobTypeId',
    'serviceNeededId',
    'statusId',
    'priorityId',
  ] as const) {
    if (clean[field] === '') clean[field] = null;
  }
  return clean as CreateTicketRequest;
}
