import * as path from 'node:path';
import { FakeClock } from '../api/fakeClock';
import { EmulatorTestClient } from './emulatorTestClient';

/** Repository root, from out/test/unit/emulator. */
export const REPO_ROOT = path.resolve(__dirname, '../../../..');
export const FIXTURE_MODELS = path.join(REPO_ROOT, 'test/unit/emulator/fixtures/models with space');

export const M = {
  twin: 'dtmi:com:example:Twin;1',
  space: 'dtmi:com:example:Space;1',
  building: 'dtmi:com:example:Building;1',
  level: 'dtmi:com:example:Level;1',
  room: 'dtmi:com:example:Room;1',
  equipment: 'dtmi:com:example:Equipment;1',
  capability: 'dtmi:com:example:Capability;1',
  sensor: 'dtmi:com:example:TemperatureSensor;1',
};

/** A small building through the API: B1 > L1 > R1, R2; AHU1 in L1 fed by CH1; sensors T1 (of R1) and T2. */
export async function putSmallBuilding(client: EmulatorTestClient): Promise<void> {
  const twins = [
    { id: 'B1', modelId: M.building, contents: { name: 'Building one', area: 1000 } },
    { id: 'L1', modelId: M.level, contents: { name: 'Level one', levelNumber: 1 } },
    { id: 'R1', modelId: M.room, contents: { name: 'Meeting room', capacity: 10, area: 20 } },
    { id: 'R2', modelId: M.room, contents: { name: 'Office', capacity: 4, area: 35 } },
    { id: 'AHU1', modelId: M.equipment, contents: { name: 'Air handler', serialNumber: 'SN-1' } },
    { id: 'CH1', modelId: M.equipment, contents: { name: 'Chiller' } },
    {
      id: 'T1',
      modelId: M.sensor,
      contents: { name: 'Room temperature', unit: 'degC', trendInterval: 900, externalID: 'EXT-T1' },
    },
    { id: 'T2', modelId: M.sensor, contents: { name: 'Supply temperature', unit: 'degC' } },
  ];
  for (const twin of twins) await must(client, 'PUT', '/twins', twin);
  const rels = [
    { sourceId: 'L1', targetId: 'B1', name: 'isPartOf' },
    { sourceId: 'R1', targetId: 'L1', name: 'isPartOf' },
    { sourceId: 'R2', targetId: 'L1', name: 'isPartOf' },
    { sourceId: 'AHU1', targetId: 'L1', name: 'locatedIn' },
    { sourceId: 'AHU1', targetId: 'CH1', name: 'isFedBy', properties: { substance: 'ChilledWater' } },
    { sourceId: 'T1', targetId: 'R1', name: 'isCapabilityOf' },
    { sourceId: 'T2', targetId: 'AHU1', name: 'isCapabilityOf' },
  ];
  for (const rel of rels) await must(client, 'PUT', '/twins/relationships', rel);
}

async function must(client: EmulatorTestClient, method: string, p: string, body: unknown): Promise<void> {
  const res = await client.call(method, p, body);
  if (res.status !== 200) throw new Error(`${method} ${p} failed: ${res.status} ${res.text}`);
}

/** An emulator without the sample, its clock pinned at `now`, holding the small building (putSmallBuilding). */
export async function smallBuildingAt(now: number): Promise<{ client: EmulatorTestClient; clock: FakeClock }> {
  const clock = new FakeClock();
  await clock.advance(now - clock.now());
  const client = await EmulatorTestClient.start({ sample: false, models: [FIXTURE_MODELS], clock });
  await putSmallBuilding(client);
  return { client, clock };
}
