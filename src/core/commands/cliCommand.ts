// The shape of one command of the contract's command table, which drives the CLI (argv) and request files
// (*.twinq.json). Each *Commands.ts file exports a list of these.

import type { BuildingTwinsApi } from '../api/types';
import type { ConnectionVariables } from '../requestFiles/requestVariables';

export interface OptionSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  /** Placeholder shown in help for string options, e.g. `<id>`. */
  value?: string;
  description: string;
}

export interface CommandInput {
  /** Positional arguments after the command words. */
  args: string[];
  options: Record<string, string | boolean | string[] | undefined>;
}

export interface CliContext {
  /** Created on first use, so `--help` and local checks never connect. */
  client(): BuildingTwinsApi;
  /** JSON from a file (`-` is stdin); without a path, the body from `--file` or stdin. */
  readJson(path?: string): Promise<unknown>;
  /** Raw bytes of a file named on the command line. */
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, content: Uint8Array): Promise<void>;
  signal: AbortSignal;
  /** The CLI's own, for commands that print as they go (`run`): one line to stdout now. */
  printLine?(line: string): void;
  /**
   * The CLI's own: creates a folder (and its parents) when missing; refuses a link anywhere on its path, and a link
   * already where one of `fileNames` goes, before anything is created.
   */
  makeDirectory?(path: string, fileNames?: readonly string[]): Promise<void>;
  /** The CLI's own: writes a file of that folder, never through a link (refused with the path); returns its path. */
  writeInFolder?(folder: string, name: string, content: Uint8Array): Promise<string>;
  /** The CLI's own: a file's path, or every *.json file under a folder (sorted). */
  jsonFilesUnder?(path: string): Promise<string[]>;
  /** The CLI's own: the values of the connection's variables for request files. */
  connectionVariables?: ConnectionVariables;
}

/** What a command returns when it printed its output itself. */
export const PRINTED = Symbol('printed');

export interface CliCommand {
  /** Command words, e.g. ['twins', 'get']. */
  words: string[];
  summary: string;
  /** Positional arguments for help, e.g. '<id>' or '<id...>'. */
  args?: string;
  /** How many positional arguments are needed (min, max). */
  arity?: [number, number];
  options?: Record<string, OptionSpec>;
  /** Reads a JSON body from --file or stdin. */
  body?: string;
  /** Column order for --table. */
  columns?: string[];
  /** Sends a change to the service (a request file runs it only with "write": true). */
  write?: true;
  /** Works on local files alone: the command line sets up no connection (no URL, client id or secret needed). */
  offline?: true;
  run(ctx: CliContext, input: CommandInput): Promise<unknown>;
}

/** Raised for wrong usage: the message is shown with a pointer to --help, exit code 2. */
export class UsageError extends Error {}

/**
 * What a command returns when some of its items failed: `result` is printed as usual (each item with
 * its outcome), `message` goes to stderr, and the exit code is 1.
 */
export class PartialFailure {
  constructor(
    readonly result: unknown,
    readonly message: string,
  ) {}
}

export function stringOption(input: CommandInput, name: string): string | undefined {
  const value = input.options[name];
  return typeof value === 'string' ? value : undefined;
}

export function listOption(input: CommandInput, name: string): string[] {
  const value = input.options[name];
  return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
}

export function intOption(input: CommandInput, name: string): number | undefined {
  const text = stringOption(input, name);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text.trim())) throw new UsageError(`--${name} must be an integer, got "${text}"`);
  return Number(text);
}

export function flag(input: CommandInput, name: string): boolean | undefined {
  return input.options[name] === true ? true : undefined;
}
