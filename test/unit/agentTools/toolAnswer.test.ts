import * as assert from 'node:assert/strict';
import { clipText, fitAnswer, MAX_TEXT_CHARS } from '../../../src/core/agentTools/toolAnswer';

describe('agent tool answers (fitAnswer)', () => {
  it('keeps a short answer as compact JSON, unchanged', () => {
    const data = { total: 2, twins: [{ id: 'a' }, { id: 'b' }] };
    assert.deepEqual(fitAnswer(data, 'more'), { text: '{"total":2,"twins":[{"id":"a"},{"id":"b"}]}', data });
  });

  it('halves the longest lists until the answer fits, and says what it kept of what and how to get more', () => {
    const twins = Array.from({ length: 1000 }, (_, i) => ({ id: `T-${i}`, name: `Twin number ${i}` }));
    const edges = Array.from({ length: 10 }, (_, i) => ({ n: i }));
    const answer = fitAnswer({ twins, edges }, 'ask for the next page', 2_000);
    assert.ok(answer.text.length <= 2_000, String(answer.text.length));
    const data = answer.data as { twins: unknown[]; edges: unknown[]; cut: string };
    assert.equal(data.edges.length, 10, 'the short list is kept whole');
    assert.match(data.cut, new RegExp(`^answer shortened to fit \\(twins: first ${data.twins.length} of 1000 shown\\); ask for the next page$`));
    assert.deepEqual(data.twins[0], twins[0]);
    assert.equal(twins.length, 1000, 'the caller\'s data is not changed');
  });

  it('cuts nested lists too, naming where they are', () => {
    const series = { a: { points: Array.from({ length: 500 }, (_, i) => [i, i]) } };
    const data = fitAnswer({ series }, 'fewer points', 1_000).data as { cut: string };
    assert.match(data.cut, /series\.a\.points: first \d+ of 500 shown/);
  });

  it('says the answer is too large rather than send a broken half when one item alone is too long', () => {
    const answer = fitAnswer({ twin: { description: 'x'.repeat(5_000) } }, 'read fewer fields', 1_000);
    assert.equal(answer.text, '{"cut":"the answer (5027 characters) is too large to show; read fewer fields"}');
  });

  it('clips long texts from the service', () => {
    assert.equal((clipText('y'.repeat(MAX_TEXT_CHARS + 10)) as string).length, MAX_TEXT_CHARS);
    assert.equal(clipText('short'), 'short');
    assert.equal(clipText(42), 42);
  });
});
