// "Go to twin": the twin whose id is the text typed, and those whose id starts with it, whose external id is it,
// or whose name contains it. The exact id is always asked on its own (POST /twins/ids): a service that does not
// filter on `id` (Willow's twin queries name it `$dtId`) may answer the combined filter with nothing at all.
import { ApiError } from './apiError';
import { EXTERNAL_ID_PROPERTY } from './telemetryTargets';
import type { BuildingTwinsApi, CallOptions, DigitalTwin, GetTwinsRequest } from './types';

const TWIN_LOOKUP_PAGE_SIZE = 20;

/** One query for the three ways a twin is looked up: the start of its id, its external id, a part of its name. */
export function twinLookupQuery(value: string): GetTwinsRequest {
  return {
    pageSize: TWIN_LOOKUP_PAGE_SIZE,
    propertyFilter: {
      filterConditionOperator: 'Or',
      filters: [
        { field: 'id', operator: 'startsWith', value },
        { field: EXTERNAL_ID_PROPERTY, operator: '=', value },
        { field: 'name', operator: 'contains', value },
      ],
    },
  };
}

/** The twin with this id first, then those with this external id, then ids starting with it, then names, each once. */
export function rankLookup(twins: readonly DigitalTwin[], value: string): DigitalTwin[] {
  const rank = (twin: DigitalTwin): number =>
    twin.id === value ? 0 : twin.contents?.[EXTERNAL_ID_PROPERTY] === value ? 1 : twin.id.startsWith(value) ? 2 : 3;
  const seen = new Set<string>();
  return twins
    .filter((twin) => !seen.has(twin.id) && seen.add(twin.id))
    .map((twin, index) => ({ twin, index }))
    .sort((a, b) => rank(a.twin) - rank(b.twin) || a.index - b.index)
    .map((entry) => entry.twin);
}

/**
 * Looks twins up with two requests: the exact id, and one filter for the rest. A service that refuses the combined filter (HTTP 400: `id` is not a filterable
 * field there) is asked the three questions apart from then on, for this lookup's lifetime (the id then exactly:
 * there is no other way to ask for ids by their start).
 */
export class TwinLookup {
  private combinedRefused = false;

  constructor(private readonly api: BuildingTwinsApi) {}

  async find(text: string, o?: CallOptions): Promise<DigitalTwin[]> {
    const value = text.trim();
    if (!value) return [];
    const exact = this.exactId(value, o);
    if (!this.combinedRefused) {
      try {
        const [byId, found] = await Promise.all([exact, this.api.listTwins(twinLookupQuery(value), o)]);
        return rankLookup([...byId, ...found.content], value);
      } catch (error) {
        if (!(error instanceof ApiError && error.kind === 'http' && error.status === 400)) throw error;
        this.combinedRefused = true;
      }
    }
    const [byId, byExternal, byName] = await Promise.all([
      exact,
      this.api.listTwins({ propertyFilter: { field: EXTERNAL_ID_PROPERTY, operator: '=', value }, pageSize: 5 }, o),
      this.api.listTwins(
        { propertyFilter: { field: 'name', operator: 'contains', value }, pageSize: TWIN_LOOKUP_PAGE_SIZE },
        o,
      ),
    ]);
    return rankLookup([...byId, ...byExternal.content, ...byName.content], value);
  }

  /** The twin whose id is exactly the text, asked by id; none when a scoped client may not read it (403). */
  private async exactId(value: string, o?: CallOptions): Promise<DigitalTwin[]> {
    try {
      return (await this.api.getTwinsByIds([value], {}, o)).twins;
    } catch (error) {
      if (error instanceof ApiError && error.isForbidden) return [];
      throw error;
    }
  }
}
