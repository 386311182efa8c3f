// The tools whose input checks building-twins mcp compiles before its first call are tools, and the ones its
// instructions tell an agent to start with.
import * as assert from 'node:assert/strict';
import { agentTool } from '../../../src/core/agentTools/agentToolTable';
import { checkToolInput, prepareToolInputChecks } from '../../../src/core/agentTools/toolInvocation';
import { FIRST_TOOLS, INSTRUCTIONS } from '../../../src/cli/mcpServer';

describe('building-twins mcp: the input checks prepared at start', () => {
  it('name tools the instructions say to start with', () => {
    assert.ok(FIRST_TOOLS.length > 0);
    for (const name of FIRST_TOOLS) {
      assert.ok(agentTool(name), `${name} is not a tool`);
      assert.match(
        INSTRUCTIONS,
        new RegExp(`Start with [^.]*\\b${name}\\b`),
        `${name} is not where the instructions start`,
      );
    }
  });

  it('check input as they did unprepared', () => {
    const tools = FIRST_TOOLS.map((name) => agentTool(name)!);
    prepareToolInputChecks(tools);
    const findTwins = agentTool('find_twins')!;
    assert.deepEqual(checkToolInput(findTwins, { limit: 5 }), { limit: 5 });
    assert.throws(() => checkToolInput(findTwins, { limit: 'five' }), /invalid input for find_twins: limit must be/);
  });
});
