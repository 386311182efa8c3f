/** The live suite's connection, from BUILDING_TWINS_LIVE_URL, _CLIENT_ID and _CLIENT_SECRET. */
export type LiveSettings =
  { ok: true; baseUrl: string; clientId: string; clientSecret: string } | { ok: false; reason: string };

export const LIVE_VARIABLES = [
  'BUILDING_TWINS_LIVE_URL',
  'BUILDING_TWINS_LIVE_CLIENT_ID',
  'BUILDING_TWINS_LIVE_CLIENT_SECRET',
] as const;

export function liveSettings(env: Record<string, string | undefined>): LiveSettings {
  const missing = LIVE_VARIABLES.filter((name) => !env[name]?.trim());
  if (missing.length)
    return { ok: false, reason: `set ${missing.join(', ')} to run the live contract suite against a real instance` };
  return {
    ok: true,
    baseUrl: env.BUILDING_TWINS_LIVE_URL!.trim(),
    clientId: env.BUILDING_TWINS_LIVE_CLIENT_ID!.trim(),
    clientSecret: env.BUILDING_TWINS_LIVE_CLIENT_SECRET!,
  };
}
