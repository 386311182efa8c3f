import type { Insight } from '../core/api/types';
import { COLLECTIONS } from './collectionNames';
import { HttpError } from './httpErrors';
import { isObject } from './requestFields';
import type { Store } from './store/store';

/**
 * `PUT /_emulator/insights` (emulator only, admin token): stores insights as given, for tests and demos. The
 * service raises insights itself and has no write operation, so this is the only way to put one in.
 * Body: a JSON array of insights, each with a string `id` and a `scenarioId` that is null (a root) or the
 * id of a root that exists or comes in the same array. All or nothing.
 */
export function seedInsights(store: Store, body: unknown): { storedCount: number } {
  if (!Array.isArray(body)) throw new HttpError(400, 'The body must be a JSON array of insights.');
  const insights = store.collection<Insight>(COLLECTIONS.insights);
  const roots = new Set(body.filter((i) => isObject(i) && i.scenarioId == null).map((i) => (i as Insight).id));
  const errors: Record<string, string[]> = {};
  body.forEach((item, index) => {
    if (!isObject(item) || typeof item.id !== 'string' || item.id === '') {
      errors[`[${index}].id`] = ['Each insight needs a non-empty string id.'];
    } else if (item.scenarioId != null && (typeof item.scenarioId !== 'string' || !(roots.has(item.scenarioId) || insights.get(item.scenarioId)?.scenarioId === null))) {
      errors[`[${index}].scenarioId`] = [`scenarioId must be null or the id of a root insight; ${JSON.stringify(item.scenarioId)} is neither.`];
    }
  });
  if (Object.keys(errors).length) throw new HttpError(400, 'Some insights are invalid; none was stored.', errors);
  const now = new Date().toISOString();
  store.batch(() => {
    for (const item of body as Insight[]) {
      insights.put(item.id, { createdDate: now, updatedDate: now, ...item, scenarioId: item.scenarioId ?? null });
    }
  });
  return { storedCount: body.length };
}
