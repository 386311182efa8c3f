// `building-twins mcp` (the built CLI) through the official SDK client of each protocol era, at every protocol
// version both speak: 1.8 (2024-11-05), 1.12 (2025-03-26, the first releases that check answers against an
// outputSchema), 1.17 (2025-06-18, elicitation) and the current one (2025-11-25). Every read answers in a form the
// release accepts; writes are confirmed through elicitation (accepted: sent; declined or cancelled: nothing sent),
// refused for a client that cannot ask, and sent unasked only with --allow-unconfirmed-writes.
import * as assert from 'node:assert/strict';
import { AGENT_TOOLS } from '../../../src/core/agentTools/agentToolTable';
import { EmulatorHarness } from '../api/emulatorHarness';
import { connect, SDK_RELEASES, SERVER_PROTOCOLS, type Session } from './mcpSdkReleases';
import { CALLS, ROOM, textOf, type CallResult } from './mcpToolCalls';

const READS = AGENT_TOOLS.filter((t) => t.access === 'read').map((t) => t.name);
const WRITES = AGENT_TOOLS.filter((t) => t.access === 'write').map((t) => t.name);
const ELICITATION_SINCE = '2025-06-18';

describe('building-twins mcp with the SDK client of each protocol era', function () {
  this.timeout(120_000);
  let emu: EmulatorHarness;
  before(async () => {
    emu = await EmulatorHarness.start();
  });
  after(() => emu?.close());
  const sent = async (method: string, path: string): Promise<number> =>
    (await emu.requests()).filter((r) => r.method === method && r.path === `/api/v3${path}`).length;

  it('covers every protocol version the server accepts, each with at least one release', () => {
    assert.deepEqual(
      SDK_RELEASES.map((r) => r.version),
      ['1.8.0', '1.12.3', '1.17.5', SDK_RELEASES.at(-1)!.version],
    );
    for (const protocol of SERVER_PROTOCOLS)
      assert.ok(
        SDK_RELEASES.some((r) => r.protocols.includes(protocol)),
        protocol,
      );
  });

  for (const release of SDK_RELEASES)
    for (const protocol of release.protocols) {
      const structured = protocol >= '2025-06-18';
      describe(`SDK ${release.version} at ${protocol}`, () => {
        let session: Session;
        after(() => session?.client.close());

        it(`lists the ${READS.length} read tools${structured ? ' with their outputSchema' : ', without outputSchema (it came with 2025-06-18)'}, and answers every one in a form this SDK accepts`, async () => {
          session = await connect(release, protocol, emu.url);
          assert.equal(session.negotiated, protocol);
          const { tools } = await session.client.listTools();
          assert.deepEqual(
            tools.map((t) => t.name),
            READS,
            'a read-only server lists no write tool',
          );
          for (const tool of tools) assert.equal(tool.outputSchema !== undefined, structured, tool.name);
          for (const name of READS) {
            // The SDK client checks the answer (from 1.11, structuredContent against the outputSchema it listed).
            const result = (await session.client.callTool({ name, arguments: CALLS[name] })) as CallResult;
            assert.notEqual(result.isError, true, `${name}: ${textOf(result)}`);
            if (structured) assert.deepEqual(result.structuredContent, JSON.parse(textOf(result)), name);
            else assert.equal(result.structuredContent, undefined, `${name}: text only before 2025-06-18`);
          }
        });

        it('refuses a write tool the client cannot confirm (-32602, nothing sent) under --allow-writes', async () => {
          const plain = await connect(release, protocol, emu.url, ['--allow-writes']);
          try {
            await emu.clearRequests();
            assert.deepEqual(
              (await plain.client.listTools()).tools.map((t) => t.name),
              READS,
            );
            await assert.rejects(plain.client.callTool({ name: 'put_twin', arguments: CALLS.put_twin }), (error) => {
              assert.equal((error as { code?: number }).code, -32602);
              assert.match(
                String((error as Error).message),
                /cannot ask its user to confirm a write .*nothing was sent/,
              );
              return true;
            });
            assert.equal(await sent('PUT', '/twins'), 0);
          } finally {
            await plain.client.close();
          }
        });

        it('sends a write unasked under --allow-unconfirmed-writes, answered in a form this SDK accepts', async () => {
          const unconfirmed = await connect(release, protocol, emu.url, ['--allow-unconfirmed-writes']);
          try {
            await emu.clearRequests();
            const { tools } = await unconfirmed.client.listTools();
            assert.deepEqual(
              tools.map((t) => t.name),
              [...READS, ...WRITES],
            );
            assert.match(tools.find((t) => t.name === 'create_ticket')!.description!, /--allow-unconfirmed-writes/);
            const result = (await unconfirmed.client.callTool({
              name: 'create_ticket',
              arguments: { summary: `Unconfirmed, SDK ${release.version} at ${protocol}` },
            })) as CallResult;
            assert.notEqual(result.isError, true, textOf(result));
            assert.equal(await sent('PUT', '/tickets'), 1);
          } finally {
            await unconfirmed.client.close();
          }
        });

        if (protocol >= ELICITATION_SINCE && release.types.ElicitRequestSchema)
          it('asks before each write (elicitation) showing the exact request: accepted is sent, declined or cancelled sends nothing', async () => {
            const elicitation = { answers: ['accept', 'decline', 'cancel'], asked: [] as string[] };
            const asking = await connect(release, protocol, emu.url, ['--allow-writes'], elicitation);
            try {
              assert.deepEqual(
                (await asking.client.listTools()).tools.map((t) => t.name),
                [...READS, ...WRITES],
              );
              const id = `MCP-ASKED-${release.version}-${protocol}`;
              const twin = { id, modelId: ROOM, contents: { name: 'Asked \u202eroom' } };
              await emu.clearRequests();
              const accepted = (await asking.client.callTool({ name: 'put_twin', arguments: { twin } })) as CallResult;
              assert.notEqual(accepted.isError, true, textOf(accepted));
              assert.equal(await sent('PUT', '/twins'), 1, 'accepted: sent');
              const question = elicitation.asked[0]!;
              assert.ok(question.includes(`PUT ${emu.url}/twins\n`), question);
              // Every byte of the body, laid out, with the right-to-left override shown as its escape.
              assert.ok(question.includes(JSON.stringify(twin, null, 2).replace('\u202e', '\\u202e')), question);
              for (const answer of ['declined', 'cancelled']) {
                await emu.clearRequests();
                const result = (await asking.client.callTool({
                  name: 'patch_twin',
                  arguments: { id, patch: [{ op: 'replace', path: '/name', value: answer }] },
                })) as CallResult;
                assert.notEqual(result.isError, true, `${answer} is not an error: ${textOf(result)}`);
                assert.match(textOf(result), new RegExp(`the user ${answer} .*nothing was sent`));
                assert.equal(result.structuredContent?.sent, false);
                assert.equal(await sent('PATCH', `/twins/${id}`), 0, `${answer}: nothing sent`);
              }
              assert.equal(elicitation.asked.length, 3);
              assert.match(
                elicitation.asked[1]!,
                /^An agent asks to .* Send this request\?\n\nPATCH .*\n\[\n  \{\n    "op": "replace"/,
              );
            } finally {
              await asking.client.close();
            }
          });
      });
    }
});
