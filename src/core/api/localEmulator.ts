// The local emulator's well-known address and development credentials. Like Azurite's well-known
// account these are public: only the emulator ever accepts them.

export const LOCAL_EMULATOR_DEFAULT_PORT = 8470;
export const LOCAL_DEV_CLIENT_ID = 'local-dev';
export const LOCAL_DEV_CLIENT_SECRET = 'local-dev-secret';

export function localEmulatorUrl(port: number = LOCAL_EMULATOR_DEFAULT_PORT): string {
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new RangeError(`Emulator port must be an integer from 1 to 65535, got ${String(port)}`);
  }
  return `http://127.0.0.1:${port}/api/v3`;
}

export const LOCAL_EMULATOR_URL = localEmulatorUrl();

/**
 * Client-side pacing for a target (BuildingTwinsClientOptions.rateLimit): none against the local emulator (it
 * enforces its own limit only when started with one), the service's documented limits (the client's default)
 * against anything else. The extension and the CLI (its commands and its MCP server) both decide with this.
 */
export function pacingFor(target: { localEmulator: boolean }): false | undefined {
  return target.localEmulator ? false : undefined;
}
