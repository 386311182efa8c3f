// The operations a request file can run: the commands of the CLI's command table, by their command
// path. A request's `query` holds the command's arguments (by the names its help gives them) and
// options (by their long names); its `body` is what the command reads from --file (writes) or
// --query (filters of lists, graph and count).

import type { CliCommand } from '../commands/cliCommand';
import { COMMANDS } from '../commands/cliCommandTable';

export interface RequestParam {
  name: string;
  type: 'string' | 'boolean' | 'integer';
  /** Takes a list (an argument such as `<twinId...>`, or a repeatable option). */
  multiple: boolean;
  kind: 'argument' | 'option';
  required: boolean;
  description: string;
}

export interface RequestOperation {
  /** The command path, e.g. "twins list". */
  name: string;
  summary: string;
  command: CliCommand;
  write: boolean;
  params: RequestParam[];
  /** `file`: the body is the command's input (required); `query`: the body is the optional request filter. */
  body?: 'file' | 'query';
  bodyDescription?: string;
}

/** Commands that a request file cannot run, with the reason (shown when a file names one). */
export const LEFT_OUT_COMMANDS: Readonly<Record<string, string>> = {
  token: 'it prints an access token, which is a secret',
  'tickets attachment': 'it returns the raw bytes of a file: use "building-twins tickets attachment --out"',
  'events upload': 'it reads files named on the command line: use "events put" with the events as its body',
};

/** Options a request cannot use: where to connect, how to print, and --query (the body takes its place). */
const FRONT_END_OPTIONS = new Set(['query', 'out']);

const ARGUMENT = /<([A-Za-z][\w-]*)(\.\.\.)?>/g;

function argumentParams(command: CliCommand): RequestParam[] {
  // Commands whose arguments are a little language ("[create <name> | …]") take none from a request.
  if (!command.args || command.args.includes('[')) return [];
  const [min] = command.arity ?? [0, 0];
  return [...command.args.matchAll(ARGUMENT)].map((m, i) => ({
    name: m[1] as string,
    type: 'string',
    multiple: m[2] !== undefined,
    kind: 'argument',
    required: i < min,
    description: m[2] ? `${m[1]} (one, or a list)` : (m[1] as string),
  }));
}

function optionParams(command: CliCommand): RequestParam[] {
  return Object.entries(command.options ?? {})
    .filter(([name]) => !FRONT_END_OPTIONS.has(name))
    .map(([name, spec]) => ({
      name,
      type: spec.type === 'boolean' ? 'boolean' : spec.value === '<n>' ? 'integer' : 'string',
      multiple: spec.multiple === true,
      kind: 'option',
      required: false,
      description: spec.description,
    }));
}

function toOperation(command: CliCommand): RequestOperation {
  const body = command.body ? 'file' : command.options?.query ? 'query' : undefined;
  return {
    name: command.words.join(' '),
    summary: command.summary,
    command,
    write: command.write === true,
    params: [...argumentParams(command), ...optionParams(command)],
    ...(body ? { body, bodyDescription: command.body ?? command.options?.query?.description } : {}),
  };
}

export const REQUEST_OPERATIONS: ReadonlyMap<string, RequestOperation> = new Map(
  COMMANDS.filter((c) => LEFT_OUT_COMMANDS[c.words.join(' ')] === undefined).map((c) => [
    c.words.join(' '),
    toOperation(c),
  ]),
);

export function requestOperation(name: string): RequestOperation | undefined {
  return REQUEST_OPERATIONS.get(name);
}
