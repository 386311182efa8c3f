// Messages of the time series panel (webview <-> host).

export const TIME_SERIES_VIEW_TYPE = 'buildingTwins.timeSeries';

/** One chart series: a capability twin. */
export interface SeriesInfo {
  twinId: string;
  label: string;
  modelId: string;
  /** From the twin's `unit` property, else the capability model's; undefined when neither says. */
  unit?: string;
}

export interface SeriesData {
  twinId: string;
  /** Epoch ms, ascending, downsampled with LTTB to the requested budget. */
  x: number[];
  y: number[];
  /** Raw points in the range before downsampling. */
  rawCount: number;
}

export interface LatestPoint {
  twinId: string;
  time: number;
  value: number;
}

/** Persisted by the webview (getState/setState) and handed back to the host by the serializer. */
export interface TimeSeriesPanelState {
  /** The connection the panel was opened for. */
  connection?: string;
  twinIds: string[];
  preset?: string;
  range?: { start: number; end: number };
  live?: boolean;
  /** The data table under the chart is shown. */
  table?: boolean;
}

export type TimeSeriesMethods = {
  init: {
    params: Record<string, never>;
    result: { connection: string; twinIds: string[]; series: SeriesInfo[]; errors: string[] };
  };
  load: {
    params: { start: number; end: number; width: number };
    result: { series: SeriesData[]; errors: Array<{ twinId: string; message: string }> };
  };
  latest: { params: Record<string, never>; result: { points: LatestPoint[] } };
  /** The host always asks the user where to save: a webview never names a file. */
  exportCsv: { params: { start: number; end: number }; result: { path: string; rows: number } | { cancelled: true } };
  /** Writes the request that reads these twins between these ends into a request file. */
  saveAsRequest: { params: { start: number; end: number }; result: { name: string; file: string } };
};
