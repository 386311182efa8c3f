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

/** A reference to an earlier request's result, as written between `${@` and `}`. */
export interface ResultReference {
  request: string;
  /** A JSON Pointer into the result: "" for the whole result, else starting with "/". */
  pointer: string;
}

/** A string with result references: literal text (its variables already filled in) and references, in order. */
export type TemplatePart = string | ResultReference;

/** Where a string with result references stands in a request, and what it is made of. */
export interface ChainedValue {
  part: 'query' | 'body';
  /** Keys and indexes from the part down to the string. */
  path: Array<string | number>;
  template: TemplatePart[];
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
  /** Strings of the query and body that use earlier requests' results, filled in just before the request is sent. */
  chained?: ChainedValue[];
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
