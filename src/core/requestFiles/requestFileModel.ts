// What a twin request file (*.twinq.json) holds once parsed, and where each part is in its text.

import type { Json } from '../api/types';

/** A place in the text: offsets for editors, 1-based line and column for people. */
export interface TextSpan {
  offset: number;
  length: number;
  line: number;
  column: number;
}

/** One thing wrong with a file, at the place it is about; `request` is the index of the request it belongs to. */
export interface RequestProblem extends TextSpan {
  message: string;
  request?: number;
  /** A JSON syntax error: the editor's JSON support reports it already, so the Problems panel shows it once. */
  syntax?: true;
}

/** One request as written, with `${name}` references already replaced. */
export interface RequestEntry {
  index: number;
  name: string;
  /** The command path, e.g. "twins list". */
  operation: string;
  body?: Json;
  query?: Record<string, Json>;
  /** The author's consent to an operation that changes data. */
  write: boolean;
  /** The whole request object. */
  span: TextSpan;
}

export interface RequestFile {
  /** The connection the file pins, by name. */
  connection?: string;
  /** The file's own variables, as written. */
  variables: Record<string, Json>;
  requests: RequestEntry[];
}

export interface ParsedRequestFile {
  file: RequestFile;
  problems: RequestProblem[];
}

/** The text of a problem as tools print it: `line:column: message`. */
export function problemText(problem: RequestProblem, fileName?: string): string {
  return `${fileName ? `${fileName}:` : ''}${problem.line}:${problem.column}: ${problem.message}`;
}
