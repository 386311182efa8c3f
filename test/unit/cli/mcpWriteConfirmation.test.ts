import * as assert from 'node:assert/strict';
import type { PendingWrite } from '../../../src/core/agentTools/agentTool';
import { WRITE_ANSWER_SCHEMA } from '../../../src/core/agentTools/agentTool';
import Ajv from 'ajv';
import { confirmationMessage, notSent, visibleJson } from '../../../src/cli/mcpWriteConfirmation';

const plan: PendingWrite = {
  connection: 'Production',
  operation: 'putTwin',
  method: 'PUT',
  path: '/twins',
  body: { id: 'AHU-1', modelId: 'dtmi:x:Ahu;1', contents: { name: 'Air \u202ehandler\u0007', note: 'line\u2028two' } },
  summary: 'create or replace twin AHU-1',
  send: () => Promise.reject(new Error('never sent by these tests')),
};

describe("a write's confirmation over MCP elicitation", () => {
  it('shows the method, the full URL and the whole body, every character visible', () => {
    const message = confirmationMessage(plan, 'https://acme.example/api/v3/');
    assert.ok(message.startsWith('An agent asks to create or replace twin AHU-1 on "Production". Send this request?'));
    assert.ok(message.includes('\nPUT https://acme.example/api/v3/twins\n'), message);
    assert.ok(message.includes(visibleJson(plan.body)), message);
    assert.match(message, /"name": "Air \\u202ehandler\\u0007"/);
    assert.match(message, /"note": "line\\u2028two"/);
    assert.deepEqual(JSON.parse(visibleJson(plan.body)), plan.body, 'the same JSON value');
    for (const hidden of ['\u202e', '\u2028', '\u0007']) assert.ok(!message.includes(hidden));
  });

  it("answers a declined or cancelled write without an error, valid against the write tools' outputSchema", () => {
    const validate = new Ajv({ strict: false }).compile(WRITE_ANSWER_SCHEMA);
    for (const answer of ['decline', 'cancel'] as const) {
      const outcome = notSent(plan, answer);
      assert.equal(outcome.isError, false);
      assert.ok(validate(outcome.data));
      assert.equal(outcome.data.sent, false);
      assert.match(outcome.text, answer === 'decline' ? /the user declined .*nothing was sent/ : /the user cancelled/);
    }
  });
});
