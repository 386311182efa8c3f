import * as assert from 'node:assert/strict';
import { AGENT_TOOLS } from '../../../src/core/agentTools/agentToolTable';
import { chosenTools } from '../../../src/cli/mcpToolChoice';

const names = (flags: { tools?: string; disableTools?: string }, mode: 'read-only' | 'confirmed'): string[] =>
  chosenTools(flags, mode).map((t) => t.name);
const reads = AGENT_TOOLS.filter((t) => t.access === 'read').map((t) => t.name);
const writes = AGENT_TOOLS.filter((t) => t.access === 'write').map((t) => t.name);

describe('the tools `building-twins mcp` offers (--tools, --disable-tools)', () => {
  it('offers the reads on a read-only server and every tool with writes allowed, in the table order', () => {
    assert.deepEqual(names({}, 'read-only'), reads);
    assert.deepEqual(names({}, 'confirmed'), [...reads, ...writes]);
  });

  it('narrows by names and the groups read and write, then leaves out the disabled ones', () => {
    assert.deepEqual(names({ tools: ' get_twin , find_twins' }, 'read-only'), ['find_twins', 'get_twin']);
    assert.deepEqual(
      names({ disableTools: 'write,time_series' }, 'confirmed'),
      reads.filter((n) => n !== 'time_series'),
    );
    assert.deepEqual(names({ tools: 'write,get_twin', disableTools: 'send_telemetry' }, 'confirmed'), [
      'get_twin',
      ...writes.filter((n) => n !== 'send_telemetry'),
    ]);
  });

  it('refuses unknown names, an empty list or choice, and write tools on a read-only server', () => {
    assert.throws(() => chosenTools({ tools: 'get_twin,drop' }, 'read-only'), /--tools: no tool or group "drop"/);
    assert.throws(() => chosenTools({ disableTools: ' , ' }, 'read-only'), /--disable-tools needs tool names/);
    assert.throws(() => chosenTools({ disableTools: 'read' }, 'read-only'), /leave no tool to offer/);
    assert.throws(
      () => chosenTools({ tools: 'read,put_twin' }, 'read-only'),
      /--tools names put_twin, but the server is read-only: add --allow-writes/,
    );
  });
});
