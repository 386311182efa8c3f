// Writing a DTDL model in the workbench: a mistake typed in a model file of the open folder is underlined as the
// DTDL parser would report it, without saving, and the underline goes once the mistake is taken back.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Workbench } from './workbench';

const ROOM_LINES = [
  '{',
  '  "@context": "dtmi:dtdl:context;3",',
  '  "@id": "dtmi:example:e2e:Room;1",',
  '  "@type": "Interface",',
  '  "extends": "dtmi:example:e2e:Space;1",',
  '  "contents": [',
  '    {',
  '      "@type": "Property",',
  '      "name": "area",',
  '      "schema": "double"',
  '    }',
  '  ]',
  '}',
];
const SCHEMA_LINE = ROOM_LINES.findIndex((l) => l.includes('"schema"')) + 1;

describe('DTDL model files in the workbench', () => {
  let workbench: Workbench;

  before(async () => {
    const folder = mkdtempSync(join(tmpdir(), 'dtdl-e2e-'));
    writeFileSync(join(folder, 'Room.json'), `${ROOM_LINES.join('\n')}\n`);
    writeFileSync(
      join(folder, 'Space.json'),
      JSON.stringify({ '@context': 'dtmi:dtdl:context;3', '@id': 'dtmi:example:e2e:Space;1', '@type': 'Interface' }),
    );
    workbench = await Workbench.open({ theme: 'dark', folder, emulator: false });
  });

  after(async () => workbench?.close());

  it('underlines a mistake as it is typed and clears it when it is taken back', async () => {
    const page = workbench.page;
    // A JSON file does not activate the extension (no onLanguage event, docs/benchmarks.md): its view does.
    await workbench.openView();
    await page.keyboard.press('Control+P');
    const input = workbench.quickInput.locator('input[type="text"]').first();
    await input.waitFor({ state: 'visible' });
    await input.fill('Room.json');
    await workbench.quickInput.locator('.monaco-list-row').first().waitFor();
    await page.keyboard.press('Enter');
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.locator('.view-line', { hasText: '"schema": "double"' }).waitFor({ timeout: 30_000 });
    const errors = editor.locator('.squiggly-error');
    // The folder checks clean: no underline once the first check has run (the reference to Space resolves).
    await page.waitForTimeout(2_000);
    await errors.first().waitFor({ state: 'detached', timeout: 30_000 });

    // Go to the schema line's end, step inside the closing quote and type: "double" becomes "doublex".
    await page.keyboard.press('Control+G');
    await input.waitFor({ state: 'visible' });
    await input.fill(`:${SCHEMA_LINE}`);
    await page.keyboard.press('Enter');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('x');
    await editor.locator('.view-line', { hasText: '"schema": "doublex"' }).waitFor({ timeout: 10_000 });
    await errors.first().waitFor({ state: 'attached', timeout: 30_000 });

    await page.keyboard.press('Backspace');
    await editor.locator('.view-line', { hasText: '"schema": "double"' }).waitFor({ timeout: 10_000 });
    await errors.first().waitFor({ state: 'detached', timeout: 30_000 });
  });
});
