// What the request results panel's host answers. Free of 'vscode' imports.
import type { ModelProperties } from '../../../core/requestFiles/resultTable';
import { tableCsv } from '../../../core/requestFiles/resultTable';
import type { ResultSort } from '../../../core/requestFiles/resultView';
import type { Handlers } from '../../../webviews/shared/bridgeProtocol';
import type { RequestResultsMethods, ResultDetail } from '../../../webviews/requestResults/requestResultsProtocol';
import type { RequestResultsStore, StoredResult } from './requestResultsStore';

export interface RequestResultsDeps {
  store: RequestResultsStore;
  /** Property names of a model on a connection (inherited ones included), for the table's columns. */
  properties(connection: string): Promise<ModelProperties>;
  /** Fetches the next page of a result into the store. */
  loadMore(result: StoredResult): Promise<void>;
  /** Asks where to save and writes the text; undefined when the user cancelled. */
  save(suggestedName: string, format: 'json' | 'csv', text: string): Promise<string | undefined>;
  openTwin(connection: string, twinId: string): Promise<void>;
  /** Runs "Change Twins…" on these twins of the connection. */
  changeTwins(connection: string, twinIds: string[]): Promise<void>;
  selected(): number | undefined;
}

function checkedSort(sort: unknown): ResultSort | undefined {
  if (!sort || typeof sort !== 'object') return undefined;
  const { column, descending } = sort as Record<string, unknown>;
  return Number.isInteger(column) && typeof descending === 'boolean'
    ? { column: column as number, descending }
    : undefined;
}

function fileName(result: StoredResult, format: string): string {
  return `${
    result.entry.name
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[.-]+/, '')
      .slice(0, 60) || 'result'
  }.${format}`;
}

export function createRequestResultsHandlers(deps: RequestResultsDeps): Handlers<RequestResultsMethods> {
  const detail = async (result: StoredResult, sort: unknown): Promise<ResultDetail> => {
    if (!result.pages) throw new Error(result.error ?? 'the request has not answered yet'); // l10n-exempt: the panel shows the state first
    const page = result.pages.page(await deps.properties(result.connection), checkedSort(sort));
    return { ...page, id: result.id, hasMore: result.next !== undefined };
  };
  /** The ids of a twin result's rows read so far; none for any other result. */
  const twinIds = (result: StoredResult): string[] => {
    const table = result.pages?.fullTable();
    return table?.kind === 'twins'
      ? table.rows.map((row) => row[0]).filter((id): id is string => typeof id === 'string')
      : [];
  };
  return {
    list: () => ({ file: deps.store.file, results: deps.store.summaries(), selected: deps.selected() }),
    result: async ({ id, sort }) => detail(deps.store.get(id), sort),
    json: async ({ id }) => {
      const result = deps.store.get(id);
      if (!result.pages) throw new Error('the request has not answered yet'); // l10n-exempt: the panel shows the state first
      return result.pages.json();
    },
    async loadMore({ id, sort }) {
      const result = deps.store.get(id);
      if (result.next) await deps.loadMore(result);
      return detail(result, sort);
    },
    async exportResult({ id, format }) {
      const result = deps.store.get(id);
      if (!result.pages || (format !== 'json' && format !== 'csv')) throw new Error('nothing to export'); // l10n-exempt: a webview programming error
      const text =
        format === 'json'
          ? `${JSON.stringify(result.pages.result(), null, 2)}\n`
          : tableCsv(result.pages.fullTable(await deps.properties(result.connection)));
      const path = await deps.save(fileName(result, format), format, text);
      return path === undefined ? { cancelled: true } : { path };
    },
    async changeTwins({ id }) {
      const result = deps.store.get(id);
      const ids = twinIds(result);
      if (!ids.length) throw new Error('changeTwins needs a result of twins'); // l10n-exempt: a webview programming error
      await deps.changeTwins(result.connection, ids);
      return { twins: ids.length };
    },
    async openTwin({ id, twinId }) {
      const result = deps.store.get(id);
      // Only a twin of the result: the webview names one of the rows it was sent.
      if (typeof twinId !== 'string' || !twinIds(result).includes(twinId))
        throw new Error('openTwin needs a twin of the result'); // l10n-exempt: a webview programming error
      await deps.openTwin(result.connection, twinId);
      return { opened: true };
    },
  };
}
