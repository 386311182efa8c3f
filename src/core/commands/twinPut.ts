// `twins put` with an array: every twin is checked before any is sent, then each is put and its outcome
// reported, so a partly written array says exactly which twins were not written.

import { errorText } from '../api/apiError';
import { mapWithConcurrency } from '../api/concurrency';
import { twinIdProblem } from '../api/twinIds';
import type { BuildingTwinsApi, DigitalTwin } from '../api/types';
import { isObject } from '../dtdl/dtdlText';
import { PartialFailure } from './cliCommand';

/** Twins written at once. */
const CONCURRENCY = 4;

/** What is wrong with the items of an array of twins, one line per problem (items counted from 0). */
function twinArrayProblems(items: unknown[]): string[] {
  const problems: string[] = [];
  const firstIndex = new Map<string, number>();
  items.forEach((item, i) => {
    if (!isObject(item)) {
      problems.push(`item ${i}: must be a JSON object`);
      return;
    }
    const idProblem = twinIdProblem(item.id);
    if (idProblem) problems.push(`item ${i}: id ${idProblem}`);
    if (typeof item.modelId !== 'string' || item.modelId.trim() === '')
      problems.push(`item ${i}: modelId must be a non-empty string`);
    if (typeof item.id !== 'string' || idProblem) return;
    const earlier = firstIndex.get(item.id);
    if (earlier === undefined) firstIndex.set(item.id, i);
    else problems.push(`item ${i}: id "${item.id}" is also item ${earlier}`);
  });
  return problems;
}

/**
 * Puts every twin of the array, or none when any is invalid (an Error listing each problem). The
 * result has one entry per item, in order: the twin as the service answered, or `{ id, error }`;
 * when any failed it is a PartialFailure naming them.
 */
export async function putTwinArray(client: BuildingTwinsApi, items: unknown[], signal?: AbortSignal): Promise<unknown> {
  const problems = twinArrayProblems(items);
  if (problems.length) {
    throw new Error(
      `${problems.length} problem(s) in the array of ${items.length} twins; nothing was sent:\n  ${problems.join('\n  ')}`,
    );
  }
  const twins = items as DigitalTwin[];
  const failed = new Set<number>();
  const outcomes = await mapWithConcurrency(twins, CONCURRENCY, async (twin, i): Promise<unknown> => {
    try {
      return await client.putTwin(twin, { signal });
    } catch (error) {
      failed.add(i);
      return { id: twin.id, error: errorText(error) };
    }
  });
  if (!failed.size) return outcomes;
  const ids = twins.filter((_, i) => failed.has(i)).map((t) => t.id);
  const names = ids.slice(0, 10).join(', ') + (ids.length > 10 ? ', …' : '');
  return new PartialFailure(
    outcomes,
    `${ids.length} of ${twins.length} twins were not written (${names}); each is listed with its error`,
  );
}
