import {
  currentInsightStatus,
  isInsightStatus,
  isLegacyInsightStatus,
  legacyInsightStatus,
} from '../core/api/insightStatus';
import type { Insight } from '../core/api/types';
import { COLLECTIONS } from './collectionNames';
import { canonicalGuid } from '../core/api/guid';
import { HttpError } from './httpErrors';
import { isObject } from './requestFields';
import type { Store } from './store/store';

/**
 * `PUT /_emulator/insights` (emulator only, no auth): stores insights as given, for tests and demos. The
 * service raises insights itself and has no write operation, so this is the only way to put one in.
 * Body: a JSON array of insights, each with a GUID `id` and a `scenarioId` that is null (a root) or the
 * id of a root that exists or comes in the same array. Ids are stored in canonical form (lower case,
 * hyphenated), and the two statuses are completed from each other. All or nothing.
 */
export function seedInsights(store: Store, now: string, body: unknown): { storedCount: number } {
  if (!Array.isArray(body)) throw new HttpError(400, 'The body must be a JSON array of insights.');
  const insights = store.collection<Insight>(COLLECTIONS.insights);
  const guidOf = (value: unknown) => (typeof value === 'string' ? canonicalGuid(value) : undefined);
  const roots = new Set(body.filter((i) => isObject(i) && i.scenarioId == null).map((i) => guidOf((i as Insight).id)));
  const errors: Record<string, string[]> = {};
  body.forEach((item, index) => {
    if (!isObject(item) || !guidOf(item.id)) {
      errors[`[${index}].id`] = ['Each insight needs an id that is a GUID.'];
      return;
    }
    const parent = item.scenarioId == null ? undefined : guidOf(item.scenarioId);
    if (item.scenarioId != null && !(parent && (roots.has(parent) || insights.get(parent)?.scenarioId === null))) {
      errors[`[${index}].scenarioId`] = [
        `scenarioId must be null or the id of a root insight; ${JSON.stringify(item.scenarioId)} is neither.`,
      ];
    }
  });
  if (Object.keys(errors).length) throw new HttpError(400, 'Some insights are invalid; none was stored.', errors);
  store.batch(() => {
    for (const item of body as Insight[]) {
      const id = guidOf(item.id)!;
      const scenarioId = item.scenarioId == null ? null : guidOf(item.scenarioId)!;
      insights.put(id, { createdDate: now, updatedDate: now, ...item, ...bothStatuses(item), id, scenarioId });
    }
  });
  return { storedCount: body.length };
}

/** `status` (legacy word) and `lastStatus` (current) from whichever was given; a current word given as `status` counts as current. */
function bothStatuses(item: Insight): Pick<Insight, 'status' | 'lastStatus'> {
  const current = isInsightStatus(item.lastStatus)
    ? item.lastStatus
    : isLegacyInsightStatus(item.status)
      ? currentInsightStatus(item.status)
      : isInsightStatus(item.status)
        ? item.status
        : undefined;
  if (!current) return {};
  return {
    lastStatus: current,
    status: isLegacyInsightStatus(item.status) ? item.status : legacyInsightStatus(current),
  };
}
