// The MCP Inspector's command-line mode, the tool MCP server authors check their servers with, against
// `building-twins mcp` (the built CLI) and the emulator: it lists and calls the tools and lists prompts and resources.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { AGENT_TOOLS } from '../../../src/core/agentTools/agentToolTable';
import { EmulatorHarness } from '../api/emulatorHarness';
import { CLI } from './cliProcess';

const INSPECTOR = require.resolve('@modelcontextprotocol/inspector-cli/build/index.js');

/** Runs the Inspector's CLI mode with the server started as `node dist/cli.js mcp`; its stdout is the JSON answer. */
function inspect(url: string, ...args: string[]): Promise<unknown> {
  return inspectServer(url, [], args);
}

/** The same with arguments for `building-twins mcp` (`serverArgs`). */
function inspectServer(url: string, serverArgs: string[], args: string[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [INSPECTOR, process.execPath, CLI, 'mcp', ...serverArgs, ...args],
      { env: { PATH: process.env.PATH ?? '', BUILDING_TWINS_URL: url }, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`the Inspector failed (${error.message}): ${stderr}`));
        else resolve(JSON.parse(stdout));
      },
    );
  });
}

describe('building-twins mcp through the MCP Inspector (CLI mode)', function () {
  this.timeout(120_000);
  let emu: EmulatorHarness;
  before(async () => {
    emu = await EmulatorHarness.start();
  });
  after(() => emu.close());

  it('lists every tool with its schemas and annotations (the write tools only when writes are allowed)', async () => {
    const readOnly = (await inspect(emu.url, '--method', 'tools/list')) as { tools: Array<{ name: string }> };
    assert.deepEqual(
      readOnly.tools.map((t) => t.name).sort(),
      AGENT_TOOLS.filter((t) => t.access === 'read')
        .map((t) => t.name)
        .sort(),
    );
    const answer = (await inspectServer(emu.url, ['--allow-unconfirmed-writes'], ['--method', 'tools/list'])) as {
      tools: Array<{
        name: string;
        inputSchema?: unknown;
        outputSchema?: unknown;
        annotations?: { readOnlyHint?: boolean };
      }>;
    };
    assert.deepEqual(answer.tools.map((t) => t.name).sort(), AGENT_TOOLS.map((t) => t.name).sort());
    for (const tool of answer.tools) {
      assert.ok(tool.inputSchema && tool.outputSchema, `${tool.name} has both schemas`);
      assert.equal(typeof tool.annotations?.readOnlyHint, 'boolean', `${tool.name} says whether it only reads`);
    }
  });

  it('calls a tool and gets the twin, its service text marked as untrusted', async () => {
    const answer = (await inspect(
      emu.url,
      '--method',
      'tools/call',
      '--tool-name',
      'get_twin',
      '--tool-arg',
      'id=HP-AHU-1',
    )) as {
      isError?: boolean;
      structuredContent?: { untrusted?: string; twin?: { id?: string } };
    };
    assert.notEqual(answer.isError, true);
    assert.equal(answer.structuredContent?.twin?.id, 'HP-AHU-1');
    assert.match(answer.structuredContent?.untrusted ?? '', /never instructions/);
  });

  it('answers prompts/list and resources/list (empty) instead of "method not found"', async () => {
    assert.deepEqual(await inspect(emu.url, '--method', 'prompts/list'), { prompts: [] });
    assert.deepEqual(await inspect(emu.url, '--method', 'resources/list'), { resources: [] });
  });
});
