import { describeReadContract } from '../../contract/readContract';
import { EmulatorHarness } from '../api/emulatorHarness';

// The live contract suite, run against the emulator's sample building: what `npm run test:live` asserts of
// a real instance must hold here too.
let emulator: EmulatorHarness | undefined;
after(async () => {
  await emulator?.close();
});

describeReadContract('read contract (local emulator)', async () => {
  emulator = await EmulatorHarness.start({ sample: true });
  return { client: emulator.client().client, url: emulator.url };
});
