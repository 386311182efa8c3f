// The official MCP SDK's client in four releases, one per protocol era, installed side by side as npm aliases
// (package.json devDependencies), each started against `building-twins mcp` (the built CLI) at a protocol version
// it speaks. The releases' types differ, so they are used through the few members the tests call.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI } from './cliProcess';

/** The protocol versions the server accepts (the SDK's SUPPORTED_PROTOCOL_VERSIONS of the devDependency). */
export const SERVER_PROTOCOLS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'] as const;

export interface SdkClient {
  connect(transport: unknown): Promise<void>;
  close(): Promise<void>;
  listTools(): Promise<{ tools: Array<{ name: string; description?: string; outputSchema?: unknown }> }>;
  callTool(
    params: { name: string; arguments?: unknown },
    resultSchema?: unknown,
    options?: { onprogress?: (progress: { progress: number; message?: string }) => void; timeout?: number },
  ): Promise<unknown>;
  setRequestHandler(schema: unknown, handler: (request: { params: Record<string, unknown> }) => unknown): void;
  getInstructions?(): string | undefined;
}

interface SdkModules {
  client: { Client: new (info: object, options?: object) => SdkClient };
  stdio: { StdioClientTransport: new (params: object) => SdkTransport };
  types: { SUPPORTED_PROTOCOL_VERSIONS: string[]; ElicitRequestSchema?: unknown };
  version: string;
}

interface SdkTransport {
  send(message: { method?: string; params?: Record<string, unknown> }, options?: unknown): Promise<void>;
  stderr: NodeJS.ReadableStream | null;
  onmessage?: (message: { id?: unknown; result?: { protocolVersion?: string } }) => void;
}

/** The package names, from the protocol era of each release: 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25. */
const PACKAGES = [
  '@modelcontextprotocol/sdk-1-8',
  '@modelcontextprotocol/sdk-1-12',
  '@modelcontextprotocol/sdk-1-17',
  '@modelcontextprotocol/sdk',
];

function load(name: string): SdkModules {
  return {
    client: require(`${name}/client/index.js`) as SdkModules['client'],
    stdio: require(`${name}/client/stdio.js`) as SdkModules['stdio'],
    types: require(`${name}/types.js`) as SdkModules['types'],
    // package.json is not among a release's exports: it is read beside dist/cjs/types.js.
    version: (
      JSON.parse(readFileSync(join(require.resolve(`${name}/types.js`), '../../../package.json'), 'utf8')) as {
        version: string;
      }
    ).version,
  };
}

export interface SdkRelease extends SdkModules {
  /** The protocol versions both this release and the server speak, newest first. */
  protocols: string[];
}

export const SDK_RELEASES: SdkRelease[] = PACKAGES.map(load).map((sdk) => ({
  ...sdk,
  protocols: SERVER_PROTOCOLS.filter((version) => sdk.types.SUPPORTED_PROTOCOL_VERSIONS.includes(version)),
}));

export interface Session {
  client: SdkClient;
  /** The protocol version the server answered initialize with. */
  negotiated: string | undefined;
  stderr: () => string;
}

/**
 * A client of `release` connected to `building-twins mcp <args>` at `protocol`: its initialize asks for that version
 * (the release's client asks for its newest; every release accepts any version it supports in the answer).
 * `elicitation` declares the capability and answers each elicitation/create with the next of its answers.
 */
export async function connect(
  release: SdkRelease,
  protocol: string,
  url: string,
  args: string[] = [],
  elicitation?: { answers: string[]; asked: string[] },
): Promise<Session> {
  const transport = new release.stdio.StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', ...args],
    env: { PATH: process.env.PATH ?? '', BUILDING_TWINS_URL: url },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const session: Session = { client: undefined!, negotiated: undefined, stderr: () => stderr };
  const send = transport.send.bind(transport);
  transport.send = (message, options) =>
    send(
      message.method === 'initialize'
        ? { ...message, params: { ...message.params, protocolVersion: protocol } }
        : message,
      options,
    );
  // The client sets onmessage as it connects: the initialize answer is read on its way to the client.
  let receive: SdkTransport['onmessage'];
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () => receive,
    set: (handler: SdkTransport['onmessage']) => {
      receive = (message) => {
        session.negotiated ??= message.result?.protocolVersion;
        handler?.(message);
      };
    },
  });
  const client = new release.client.Client(
    { name: 'building-twins-matrix', version: '0.0.0' },
    { capabilities: elicitation ? { elicitation: {} } : {} },
  );
  if (elicitation)
    client.setRequestHandler(release.types.ElicitRequestSchema, (request) => {
      elicitation.asked.push(String(request.params.message));
      const action = elicitation.answers.shift() ?? 'decline';
      return action === 'accept' ? { action, content: {} } : { action };
    });
  await client.connect(transport);
  session.client = client;
  return session;
}
