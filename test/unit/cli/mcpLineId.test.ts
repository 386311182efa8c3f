import * as assert from 'node:assert/strict';
import { idAtLineEdges } from '../../../src/cli/mcpLineId';

describe("an over-size line's request id, read from its edges", () => {
  it('reads the id at the start (first key, or after "jsonrpc" and "method") and at the end (last key, as the SDKs write it)', () => {
    assert.equal(idAtLineEdges('{"jsonrpc":"2.0","id":3,"method":"ping","params":{"x":"aaa', ''), 3);
    assert.equal(idAtLineEdges('{ "id" : "a-1", "jsonrpc"', ''), 'a-1');
    assert.equal(idAtLineEdges('{"method":"tools/call","params":{"a', 'aaa"}},"jsonrpc":"2.0","id":"big-5"}'), 'big-5');
    assert.equal(idAtLineEdges('{"method":"x","params":{"a', 'aa"}},"id":7,"jsonrpc":"2.0"}\r'), 7);
  });

  it('takes no id from inside params, nor one that is not a string or a safe integer', () => {
    assert.equal(idAtLineEdges('{"method":"x","params":{"id":1,"y":"', 'aaa","id":6}}'), null);
    assert.equal(idAtLineEdges('{"params":{"id":1', 'aaa'), null);
    assert.equal(idAtLineEdges('{"id":1.5,', ''), null);
    assert.equal(idAtLineEdges('aaaa', 'aaaa'), null);
  });
});
