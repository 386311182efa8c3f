import * as assert from 'node:assert/strict';
import { EmulatorAdmin, type ModelReload } from '../../../src/core/api/emulatorAdmin';
import { modelReloadText } from '../../../src/core/api/modelReloadText';
import { EmulatorTestClient } from '../emulator/emulatorTestClient';
import { FIXTURE_MODELS, putSmallBuilding } from '../emulator/emulatorFixtures';

describe('EmulatorAdmin (the emulator admin routes on models and twins)', () => {
  let client: EmulatorTestClient;
  before(async () => {
    client = await EmulatorTestClient.start({ sample: false, models: [FIXTURE_MODELS] });
    await putSmallBuilding(client);
  });
  after(() => client.close());

  it('signs in as the development client and reloads the models folder', async () => {
    const reload = await new EmulatorAdmin(client.url).reloadModels();
    assert.equal(reload.status, 'loaded');
    assert.equal(reload.unfitTwinCount, 0);
    assert.ok(reload.models > 5);
  });

  it('deletes a twin with its relationships, and says why when it cannot', async () => {
    const admin = new EmulatorAdmin(client.url);
    const deleted = await admin.deleteTwin('T1');
    assert.deepEqual(deleted.deletedTwin, 'T1');
    assert.equal(deleted.deletedRelationships.length, 1);
    await assert.rejects(admin.deleteTwin('T1'), /DELETE \/_emulator\/twins\/T1: 404 Twin 'T1' does not exist\./);
    await assert.rejects(admin.deleteRelationship('no such'), /404 Relationship 'no such' does not exist\./);
  });
});

describe('modelReloadText', () => {
  const base = { models: 12, unfitTwins: [], unfitTwinCount: 0 };

  it('says a clean reload in one line', () => {
    assert.deepEqual(modelReloadText({ status: 'loaded', ...base }, 'models'), {
      severity: 'info',
      summary: 'The emulator reloaded 12 model(s) from models.',
      details: [],
    });
  });

  it('lists the twins that no longer fit, and counts those not listed', () => {
    const reload: ModelReload = {
      status: 'loaded',
      models: 12,
      unfitTwins: [{ twinId: 'R1', modelId: 'dtmi:ex:Room;1', problems: ['capacity: not in the model'] }],
      unfitTwinCount: 3,
    };
    const text = modelReloadText(reload, 'models');
    assert.equal(text.severity, 'warning');
    assert.match(text.summary, /3 twin\(s\) no longer fit their model \(kept as they are\)/);
    assert.deepEqual(text.details, [
      'R1 (dtmi:ex:Room;1) does not fit its model: capacity: not in the model',
      'and 2 more twin(s)',
    ]);
  });

  it('says a refused folder with its first problem, every problem in the details, control characters removed', () => {
    const reload: ModelReload = {
      status: 'refused',
      ...base,
      problems: [
        { file: 'a.json', line: 5, column: 14, code: 'unresolvedReference', message: 'refers to\u001b[31m X' },
        { file: 'b.json', line: 1, column: 1, code: 'notJson', message: 'not JSON' },
      ],
    };
    const text = modelReloadText(reload, 'models');
    assert.equal(text.severity, 'error');
    assert.equal(text.summary, 'The emulator kept its models: models has 2 problem(s), first a.json:5: refers to X');
    assert.deepEqual(text.details, ['a.json:5:14: unresolvedReference: refers to X', 'b.json:1:1: notJson: not JSON']);
  });
});
