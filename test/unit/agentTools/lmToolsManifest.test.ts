// package.json declares the language model tools the extension registers: one per core agent tool, under the
// id and #reference of agentToolNames.ts, with the core's input schema (plus the connection) and description.
import * as assert from 'node:assert/strict';
import { AGENT_TOOLS } from '../../../src/core/agentTools/agentToolTable';
import {
  CONNECTION_INPUT,
  CONNECTION_INPUT_SCHEMA,
  lmModelDescription,
  lmToolId,
  TOOL_REFERENCE_NAMES,
} from '../../../src/extension/agents/agentToolNames';
import { localisedManifest, readJson } from '../../shared/manifest';

interface LmToolEntry {
  name: string;
  toolReferenceName?: string;
  displayName: string;
  userDescription?: string;
  modelDescription: string;
  canBeReferencedInPrompt?: boolean;
  tags?: string[];
  inputSchema: { properties: Record<string, unknown> };
}
type Manifest = { contributes: { languageModelTools?: LmToolEntry[] } };

describe('language model tools in package.json', () => {
  const shown = localisedManifest<Manifest>().contributes.languageModelTools ?? [];
  const raw = readJson<Manifest>('package.json').contributes.languageModelTools ?? [];

  it('declares exactly the core agent tools, in order, under their ids and unique #references', () => {
    assert.deepEqual(
      shown.map((t) => t.name),
      AGENT_TOOLS.map((t) => lmToolId(t.name)),
    );
    assert.deepEqual(Object.keys(TOOL_REFERENCE_NAMES).sort(), AGENT_TOOLS.map((t) => t.name).sort());
    const references = shown.map((t) => t.toolReferenceName);
    assert.equal(new Set(references).size, references.length);
    for (const reference of references) assert.match(String(reference), /^[a-zA-Z]+$/);
  });

  for (const tool of AGENT_TOOLS) {
    it(`${tool.name}: the core's schema plus the connection, its description for the model, its title, read/write tag`, () => {
      const entry = shown.find((t) => t.name === lmToolId(tool.name))!;
      assert.deepEqual(entry.inputSchema, {
        ...tool.inputSchema,
        properties: { ...tool.inputSchema.properties, [CONNECTION_INPUT]: CONNECTION_INPUT_SCHEMA },
      });
      assert.equal(
        entry.modelDescription,
        lmModelDescription(tool),
        'package.nls.json holds the core description (and, for a write, who confirms in VS Code)',
      );
      assert.equal(entry.displayName, tool.title);
      assert.equal(entry.toolReferenceName, TOOL_REFERENCE_NAMES[tool.name]);
      assert.equal(entry.canBeReferencedInPrompt, true);
      assert.ok(entry.tags?.includes(tool.access));
      assert.ok(entry.userDescription && entry.userDescription.length > 10);
      const placeholders = raw.find((t) => t.name === entry.name)!;
      for (const field of ['displayName', 'userDescription', 'modelDescription'] as const)
        assert.match(String(placeholders[field]), /^%languageModelTools\.\w+\.\w+%$/, field);
    });
  }
});
