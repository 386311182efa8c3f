import { requests } from './explorerHelpers';

/** The writes in the emulator's request log, as `METHOD path` (reads, token requests and twin queries left out). */
export const writesIn = async (url: string): Promise<string[]> =>
  (await requests(url)).filter((r) => r.method !== 'GET' && !r.path.endsWith('/oauth2/token') && !(r.method === 'POST' && /\/twins(\/ids|\/count)?$/.test(r.path))).map((r) => `${r.method} ${r.path}`);
