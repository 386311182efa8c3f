import { BuildingTwinsClient } from '../../src/core/api/client';
import { describeReadContract } from '../contract/readContract';
import { liveSettings } from './liveSettings';

// `npm run test:live`: the read contract against a real instance named by the environment (read-only).
describeReadContract('read contract (live instance)', async () => {
  const settings = liveSettings(process.env);
  if (!settings.ok) throw new Error(settings.reason);
  const client = new BuildingTwinsClient(settings);
  return { client, url: client.baseUrl };
});
