// Messages of the request results panel (webview <-> host).
import type { ResultPage, ResultSort } from '../../core/requestFiles/resultView';

export const REQUEST_RESULTS_VIEW_TYPE = 'buildingTwins.requestResults';

export interface ResultSummary {
  id: number;
  name: string;
  operation: string;
  connection: string;
  state: 'pending' | 'ok' | 'error';
  error?: string;
  /** Rows read so far (lists). */
  rows?: number;
  /** The service has another page ("Load more"). */
  hasMore: boolean;
  durationMs?: number;
}

export interface ResultDetail extends ResultPage {
  id: number;
  hasMore: boolean;
}

export type RequestResultsMethods = {
  list: { params: Record<string, never>; result: { file: string; results: ResultSummary[]; selected?: number } };
  result: { params: { id: number; sort?: ResultSort }; result: ResultDetail };
  json: { params: { id: number }; result: { text: string; clipped: boolean } };
  loadMore: { params: { id: number; sort?: ResultSort }; result: ResultDetail };
  exportResult: { params: { id: number; format: 'json' | 'csv' }; result: { path: string } | { cancelled: true } };
  openTwin: { params: { id: number; twinId: string }; result: { opened: boolean } };
  /** "Change These Twins…": the twins of a twin result (the rows read so far), to one change. */
  changeTwins: { params: { id: number }; result: { twins: number } };
};

/** The host says the list of results changed (a run started, a request finished). */
export type RequestResultsEvents = { changed: { selected?: number } };
