// What the validator is given (model files, options) and what it gives back (problems with their place).
import type { TextRange } from './location';
import type { DtdlProblem } from './problems';

export interface ModelFile {
  /** How the file is named in problems (a path or URI). */
  file: string;
  text: string;
  /** Fetched to resolve a reference rather than named by the user (as the reference parser's resolver gives it). */
  resolved?: boolean;
}

export interface ValidationOptions {
  /** DTDL versions accepted in `@context` (default 2 and 3). */
  supportedVersions?: readonly number[];
  /** Accept extension contexts this validator does not know, with their terms unchecked (default false). */
  allowUndefinedExtensions?: boolean;
  /**
   * Tolerate DTDL v2's solecisms (reserved `dtmi:dtdl:`/`dtmi:standard:` ids, `extends` written as `{"@id": …}`,
   * duplicate names of elements without `@id`) in the files named, in the resolved ones, or both, as the reference
   * parser's quirks do (default neither).
   */
  tolerateSolecisms?: { inNamedFiles?: boolean; inResolvedFiles?: boolean };
}

export interface LocatedProblem extends DtdlProblem {
  range: TextRange;
}
