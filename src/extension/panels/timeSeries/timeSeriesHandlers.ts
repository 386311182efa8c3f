// What the time series panel's host answers: series metadata, downsampled ranges, latest values,
// CSV export. Data is fetched with the client's paging and reduced with LTTB before it crosses to
// the webview. Free of 'vscode' imports (unit-testable with a fake API).
import { unitSymbol } from '../../../core/dtdl/unitSymbols';
import * as l10n from '@vscode/l10n';
import type { BuildingTwinsApi, DigitalTwin } from '../../../core/api/types';
import { checkPanelRange, pointBudget, type TimeRange } from '../../../core/timeSeries/timeRange';
import { timeSeriesRequest, type RequestDraft } from '../../../core/requestFiles/requestFileEdits';
import type { Handlers } from '../../../webviews/shared/bridgeProtocol';
import type { SeriesInfo, TimeSeriesMethods } from '../../../webviews/timeSeries/timeSeriesProtocol';
import { fetchDownsampled, fetchRange, type Points, seriesTwinId } from '../../../core/timeSeries/timeSeriesFetch';
import { csvText, type CsvCell } from '../../../core/untrusted/csvText';

/** The slice of a DTDL ModelIndex the panels use (labels of models). */
export interface ModelLabels {
  displayName(id: string): string;
}

export interface TimeSeriesDeps {
  connection: string;
  api: () => Promise<BuildingTwinsApi>;
  twinIds: string[];
  models?: () => Promise<ModelLabels | undefined>;
  /** Asks where to save the CSV; undefined = cancelled. */
  chooseCsvPath: (suggestedName: string) => Promise<string | undefined>;
  writeFile: (path: string, content: string) => Promise<void>;
  /** Writes a request into a request file the user picks. */
  saveAsRequest?: (draft: RequestDraft) => Promise<{ name: string; file: string }>;
}

export function createTimeSeriesHandlers(deps: TimeSeriesDeps): Handlers<TimeSeriesMethods> {
  return {
    async init(_params, signal) {
      const api = await deps.api();
      const { twins, omitted } = await api.getTwinsByIds(deps.twinIds, {}, { signal });
      const models = await deps.models?.().catch(() => undefined);
      const byId = new Map(twins.map((t) => [t.id, t]));
      const series = deps.twinIds.filter((id) => byId.has(id)).map((id) => seriesInfo(byId.get(id)!, models));
      return {
        connection: deps.connection,
        twinIds: [...deps.twinIds],
        series,
        errors: omitted.map((id) => l10n.t('Twin "{0}" was not found', id)),
      };
    },

    async load(params, signal) {
      const range = checkPanelRange(readRange(params));
      const budget = pointBudget(Number(params.width));
      // Downsampled page by page as the points arrive: the range is never held whole.
      const reduced = await fetchDownsampled(await deps.api(), deps.twinIds, range, budget, { signal });
      const series = deps.twinIds.map((twinId) => {
        const points = reduced.get(twinId);
        return {
          twinId,
          x: points ? Array.from(points.x) : [],
          y: points ? Array.from(points.y) : [],
          rawCount: points?.rawCount ?? 0,
        };
      });
      return { series, errors: [] };
    },

    async latest(_params, signal) {
      const api = await deps.api();
      const latest = await api.getLatestTimeSeriesByIds(deps.twinIds, { signal });
      const points = latest
        .map((d) => ({ twinId: seriesTwinId(d) ?? '', time: Date.parse(d.sourceTimestamp), value: d.scalarValue }))
        .filter((p) => deps.twinIds.includes(p.twinId) && Number.isFinite(p.time) && typeof p.value === 'number');
      return { points };
    },

    async saveAsRequest(params) {
      if (!deps.saveAsRequest) throw new Error('this panel cannot save requests'); // l10n-exempt: a host without the feature
      const range = checkPanelRange(readRange(params));
      const name =
        deps.twinIds.length === 1
          ? l10n.t('Time series of {0}', deps.twinIds[0]!)
          : l10n.t('Time series of {0} capabilities', deps.twinIds.length);
      return deps.saveAsRequest(timeSeriesRequest(name, deps.twinIds, range.start, range.end));
    },

    async exportCsv(params, signal) {
      const range = checkPanelRange(readRange(params));
      // Always the user's choice: whatever else the webview sends is ignored.
      const path = await deps.chooseCsvPath(`time-series-${new Date(range.start).toISOString().slice(0, 10)}.csv`);
      if (!path) return { cancelled: true as const };
      const raw = await fetchRange(await deps.api(), deps.twinIds, range, { signal });
      const { csv, rows } = toCsv(deps.twinIds, raw);
      await deps.writeFile(path, csv);
      return { path, rows };
    },
  };
}

function readRange(params: { start: unknown; end: unknown }): TimeRange {
  return { start: Number(params.start), end: Number(params.end) };
}

function seriesInfo(twin: DigitalTwin, models: ModelLabels | undefined): SeriesInfo {
  const contents = twin.contents ?? {};
  const name = typeof contents.name === 'string' && contents.name ? contents.name : twin.id;
  const unit = typeof contents.unit === 'string' && contents.unit ? unitSymbol(contents.unit) : undefined;
  const modelLabel = models ? safeLabel(models, twin.modelId) : undefined;
  return { twinId: twin.id, label: modelLabel ? `${name} (${modelLabel})` : name, modelId: twin.modelId, unit };
}

function safeLabel(models: ModelLabels, id: string): string | undefined {
  try {
    return models.displayName(id) || undefined;
  } catch {
    return undefined;
  }
}

function toCsv(twinIds: string[], raw: Map<string, Points>): { csv: string; rows: number } {
  const rows: CsvCell[][] = [];
  for (const id of twinIds) {
    const points = raw.get(id);
    if (!points) continue;
    for (let i = 0; i < points.x.length; i++) rows.push([new Date(points.x[i]).toISOString(), id, points.y[i]]);
  }
  return { csv: csvText(['timestamp', 'twinId', 'value'], rows), rows: rows.length };
}

/**
 * The relationships by which a capability points at the twin whose data it gives: Willow's Capability model declares
 * both, `isCapabilityOf` to the space or asset it measures and `hostedBy` to the equipment that hosts it (a VAV box
 * hosts its zone's sensors, which are capabilities of the zone).
 */
const CAPABILITY_LINKS: readonly string[] = ['isCapabilityOf', 'hostedBy'];

/**
 * The capability twins to chart: capabilities are kept, any other twin (equipment, space) is
 * replaced by the capabilities pointing at it with one of CAPABILITY_LINKS.
 */
export async function capabilityTwinIds(
  api: BuildingTwinsApi,
  isCapability: (modelId: string) => boolean,
  twinIds: string[],
): Promise<string[]> {
  const { twins, omitted } = await api.getTwinsByIds(twinIds);
  if (omitted.length) throw new Error(l10n.t('Twin not found: {0}', omitted.join(', ')));
  const out: string[] = [];
  for (const twin of twins) {
    if (isCapability(twin.modelId)) {
      out.push(twin.id);
      continue;
    }
    const incoming = await api.listIncomingRelationships(twin.id);
    out.push(...incoming.filter((r) => CAPABILITY_LINKS.includes(r.name)).map((r) => r.sourceId));
  }
  const unique = [...new Set(out)];
  if (!unique.length)
    throw new Error(
      l10n.t(
        'No capability twins found for {0}: no twin points at it with isCapabilityOf or hostedBy',
        twinIds.join(', '),
      ),
    );
  return unique;
}
