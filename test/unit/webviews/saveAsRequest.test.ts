// "Save as Request" from the insights and time series panels: the request written reproduces the view.
import * as assert from 'node:assert/strict';
import { addRequest, type RequestDraft } from '../../../src/core/requestFiles/requestFileEdits';
import { parseRequestFile } from '../../../src/core/requestFiles/requestFileParser';
import { runRequest } from '../../../src/core/requestFiles/requestRunner';
import { createInsightsHandlers } from '../../../src/extension/panels/insights/insightsHandlers';
import { createTimeSeriesHandlers } from '../../../src/extension/panels/timeSeries/timeSeriesHandlers';
import { EmulatorHarness } from '../api/emulatorHarness';

describe('save as request from the panels', function () {
  this.timeout(60_000);
  let emu: EmulatorHarness;
  before(async () => {
    emu = await EmulatorHarness.start();
  });
  after(() => emu?.close());

  /** Writes the draft into a new file, checks it, and runs it. */
  async function roundTrip(draft: RequestDraft): Promise<unknown> {
    const { text, name } = addRequest('', draft);
    const { file, problems } = parseRequestFile(text);
    assert.deepEqual(problems, []);
    const { client } = emu.client();
    const outcome = await runRequest(
      file.requests.find((r) => r.name === name)!,
      { client: () => client, signal: new AbortController().signal },
    );
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.error);
    return outcome.result;
  }

  it('insights: the filter and sort of the panel, the same insights', async () => {
    const { client } = emu.client();
    const drafts: RequestDraft[] = [];
    const handlers = createInsightsHandlers({
      connection: 'Local emulator',
      api: async () => client,
      scopeLabel: 'all of Local emulator',
      openTwin: async () => undefined,
      openTicket: async () => undefined,
      saveAsRequest: async (draft) => {
        drafts.push(draft);
        return { name: draft.name, file: 'requests.twinq.json' };
      },
    });
    const query = {
      page: 2,
      pageSize: 3,
      sort: { field: 'priority', sort: 'asc' as const },
      filters: [{ field: 'priority', operator: '<=' as const, value: 3 }],
    };
    assert.deepEqual(await handlers.saveAsRequest(query), {
      name: 'Insights of all of Local emulator',
      file: 'requests.twinq.json',
    });
    assert.equal(drafts[0]!.operation, 'insights list');
    const result = (await roundTrip(drafts[0]!)) as { items: Array<{ id: string }>; total: number };
    const shown = await handlers.list({ ...query, page: 1 });
    assert.equal(result.total, shown.total);
    assert.deepEqual(result.items.filter((i) => shown.rows.some((r) => r.root.id === i.id)).length, shown.rows.length);
    await assert.rejects(async () => handlers.saveAsRequest({ ...query, pageSize: -1 }));
  });

  it("time series: the panel's twins between the range's ends", async () => {
    const { client } = emu.client();
    const drafts: RequestDraft[] = [];
    const handlers = createTimeSeriesHandlers({
      connection: 'Local emulator',
      api: async () => client,
      twinIds: ['HP-AHU-1-SAT'],
      chooseCsvPath: async () => undefined,
      writeFile: async () => undefined,
      saveAsRequest: async (draft) => {
        drafts.push(draft);
        return { name: draft.name, file: 'requests.twinq.json' };
      },
    });
    const end = Date.now();
    const start = end - 3_600_000;
    assert.deepEqual(await handlers.saveAsRequest({ start, end }), {
      name: 'Time series of HP-AHU-1-SAT',
      file: 'requests.twinq.json',
    });
    assert.deepEqual(drafts[0]!.query, {
      twinId: 'HP-AHU-1-SAT',
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
    });
    const page = (await roundTrip(drafts[0]!)) as { data: Array<{ sourceTimestamp: string }> };
    assert.ok(page.data.length > 0);
    assert.ok(page.data.every((p) => Date.parse(p.sourceTimestamp) >= start && Date.parse(p.sourceTimestamp) <= end));
    await assert.rejects(async () => handlers.saveAsRequest({ start: end, end: start }));
  });
});
