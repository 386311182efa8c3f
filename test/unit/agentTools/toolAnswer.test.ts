import * as assert from 'node:assert/strict';
import Ajv from 'ajv';
import { agentTool } from '../../../src/core/agentTools/agentToolTable';
import {
  clipText,
  fitAnswer,
  MAX_ANSWER_CHARS,
  MAX_TEXT_CHARS,
  type AnswerSchema,
} from '../../../src/core/agentTools/toolAnswer';
import { largePageAnswer, largeTwinAnswer, longSeriesAnswer } from '../../shared/largeAnswers';

const ajv = new Ajv({ strict: false });

/** Fits `data` as `tool` answers and checks the promises: within the cap, exact JSON, valid against the tool's outputSchema. */
function fitAs(toolName: string, data: Record<string, unknown>, maxChars = MAX_ANSWER_CHARS) {
  const tool = agentTool(toolName)!;
  const answer = fitAnswer(data, 'ask for less', maxChars, tool.outputSchema);
  assert.ok(answer.text.length <= maxChars, `${answer.text.length} > ${maxChars}`);
  assert.equal(answer.text, JSON.stringify(answer.data));
  const validate = ajv.compile(tool.outputSchema);
  assert.ok(validate(answer.data), `${toolName}: ${ajv.errorsText(validate.errors)}`);
  return answer.data as Record<string, unknown> & { cut?: string };
}

describe('agent tool answers (fitAnswer)', () => {
  it('keeps a short answer as compact JSON, unchanged', () => {
    const data = { total: 2, twins: [{ id: 'a' }, { id: 'b' }] };
    assert.deepEqual(fitAnswer(data, 'more'), { text: '{"total":2,"twins":[{"id":"a"},{"id":"b"}]}', data });
  });

  it('keeps the first items of a long list, and says what it kept of what and how to get more', () => {
    const twins = Array.from({ length: 1000 }, (_, i) => ({ id: `T-${i}`, name: `Twin number ${i}` }));
    const edges = Array.from({ length: 10 }, (_, i) => ({ n: i }));
    const answer = fitAnswer({ twins, edges }, 'ask for the next page', 2_000);
    assert.ok(answer.text.length <= 2_000, String(answer.text.length));
    const data = answer.data as { twins: unknown[]; edges: unknown[]; cut: string };
    assert.equal(data.edges.length, 10, 'the short list is kept whole');
    assert.match(
      data.cut,
      new RegExp(
        `^answer shortened to fit \\(twins: first ${data.twins.length} of 1000 items\\); ask for the next page$`,
      ),
    );
    assert.ok(data.twins.length > 10, 'the room left is used');
    assert.deepEqual(data.twins[0], twins[0]);
    assert.equal(twins.length, 1000, "the caller's data is not changed");
  });

  it('cuts nested lists too, naming where they are', () => {
    const series = { a: { points: Array.from({ length: 500 }, (_, i) => [i, i]) } };
    const data = fitAnswer({ series }, 'fewer points', 1_000).data as { cut: string };
    assert.match(data.cut, /series\.a\.points: first \d+ of 500 items/);
  });

  it("shortens one long value instead of answering nothing, keeping the answer's shape", () => {
    const data = fitAs(
      'get_twin',
      { twin: { id: 'T', modelId: 'dtmi:x;1', contents: { description: 'x'.repeat(5_000), area: 12 } } },
      1_000,
    );
    const twin = data.twin as { id: string; contents: { description: string; area: number } };
    assert.equal(twin.id, 'T');
    assert.equal(twin.contents.area, 12, 'the small property is whole');
    assert.match(twin.contents.description, /^x+…$/);
    assert.match(
      data.cut!,
      new RegExp(`twin\\.contents\\.description: first ${twin.contents.description.length - 1} of 5000 characters`),
    );
  });

  it("keeps a tool's own cut note in front and never splits a surrogate pair or an escape", () => {
    const text = '😀"\\\n'.repeat(2_000);
    const data = fitAnswer({ items: [text], cut: 'first 100 of 300 read' }, 'more', 600).data as {
      items: string[];
      cut: string;
    };
    assert.ok(data.cut.startsWith('first 100 of 300 read; answer shortened to fit'), data.cut);
    const kept = data.items[0]!.slice(0, -1);
    assert.ok(text.startsWith(kept), 'a prefix of the text');
    assert.ok(!/[\uD800-\uDBFF]$/.test(kept), 'no half pair');
  });

  it('leaves out whole properties when even their smallest form does not fit, naming them, and keeps required ones', () => {
    const contents = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`p${i}`, i]));
    const data = fitAs('get_twin', { twin: { id: 'T', modelId: 'dtmi:x;1', contents } }, 2_000);
    const twin = data.twin as { id: string; modelId: string; contents: Record<string, number> };
    assert.equal(twin.modelId, 'dtmi:x;1');
    const kept = Object.keys(twin.contents).length;
    assert.ok(kept > 50 && kept < 5_000, String(kept));
    assert.match(data.cut!, new RegExp(`twin\\.contents: ${5_000 - kept} of 5000 properties left out \\(`));
  });

  it("fits a 1 MB twin, a 50,000-point series and a 10,000-twin page, each valid against its tool's outputSchema", () => {
    const twin = fitAs('get_twin', largeTwinAnswer());
    assert.equal((twin.twin as { id: string }).id, 'BIG');
    const series = fitAs('time_series', longSeriesAnswer());
    assert.match(series.cut!, /series\.HP-AHU-1-SAT\.points: first \d+ of 50000 items/);
    const page = fitAs('find_twins', largePageAnswer());
    assert.equal(page.total, 10_000);
    assert.match(page.cut!, /^answer shortened to fit \(twins: first \d+ of 10000 items\); ask for less$/);
  });

  it('fits within the cap whatever the cap, for random shapes (each answer valid against a schema with required fields)', () => {
    const schema: AnswerSchema & { type: 'object' } = {
      type: 'object',
      properties: { id: { type: 'string' }, items: { type: 'array', items: { type: 'object', required: ['id'] } } },
      required: ['id', 'items'],
    };
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const value = (depth: number): unknown => {
      const r = random();
      if (depth > 3 || r < 0.3) return 'v'.repeat(Math.floor(random() * 300));
      if (r < 0.5) return Math.floor(random() * 1e6);
      if (r < 0.75) return Array.from({ length: Math.floor(random() * 8) }, () => value(depth + 1));
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 6) }, (_, i) => [`k${i}`, value(depth + 1)]),
      );
    };
    const validate = ajv.compile(schema);
    for (let round = 0; round < 60; round++) {
      const data = {
        id: `id-${round}`,
        items: Array.from({ length: Math.floor(random() * 30) + 1 }, (_, i) => ({ id: `item-${i}`, extra: value(0) })),
        other: value(0),
      };
      const cap = 200 + Math.floor(random() * 5_000);
      const answer = fitAnswer(data, 'more', cap, schema);
      assert.ok(answer.text.length <= cap, `round ${round}: ${answer.text.length} > ${cap}`);
      assert.ok(validate(answer.data), `round ${round}: ${ajv.errorsText(validate.errors)}`);
    }
  });

  it('clips long texts from the service', () => {
    assert.equal((clipText('y'.repeat(MAX_TEXT_CHARS + 10)) as string).length, MAX_TEXT_CHARS);
    assert.equal(clipText('short'), 'short');
    assert.equal(clipText(42), 42);
  });
});
