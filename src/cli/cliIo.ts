// What a CLI command talks to (streams, files, environment) and the exit codes it returns, apart from runCli.ts so
// that every command can name them.

export interface CliIo {
  stdout(chunk: string | Uint8Array): void;
  stderr(text: string): void;
  readStdin(): Promise<Uint8Array>;
  stdinIsTty: boolean;
  /** Asks on the terminal without echo (a client secret nothing else gives); absent when stdin is not a terminal. */
  promptSecret?(question: string): Promise<string>;
  /** Raw bytes (an attachment) are not written to a terminal. */
  stdoutIsTty?: boolean;
  env: NodeJS.ProcessEnv;
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, content: Uint8Array): Promise<void>;
  /** Creates a folder and its parents (for `run --out`); refuses a link on its path or where one of `fileNames` goes. */
  makeDirectory?(path: string, fileNames?: readonly string[]): Promise<void>;
  /** Writes a file of that folder (for `run --out`), never through a link; returns the file's path. */
  writeInFolder?(folder: string, name: string, content: Uint8Array): Promise<string>;
  /** A file's path, or every *.json file under a folder (for `models check`). */
  jsonFilesUnder?(path: string): Promise<string[]>;
  signal: AbortSignal;
  /** What `--version` prints: the package's version, which the build writes into the CLI's bundle. */
  version?: string;
}

/** Everything asked for was done. */
export const EXIT_OK = 0;
/** The call failed or was refused (by the service or before sending), or some items of it failed. */
export const EXIT_FAILURE = 1;
/** The command line or its input cannot be used: unknown command or option, wrong arguments, unreadable or invalid JSON. */
export const EXIT_USAGE = 2;
/** The service answered 403: the credentials were accepted, the operation or twin is not allowed to this client. */
export const EXIT_NO_PERMISSION = 3;
/** A write refused before sending because the connection is read-only (--read-only, BUILDING_TWINS_READ_ONLY). */
export const EXIT_READ_ONLY = 4;
