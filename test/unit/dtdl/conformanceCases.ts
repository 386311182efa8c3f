// The DTDL reference parser's conformance cases (DTDLParser's test-cases, read from ../shared/dtdl-conformance
// beside the repository, never copied in) run through our validator: each case's verdict against the reference's.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  validateModelFiles,
  type LocatedProblem,
  type ModelFile,
} from '../../../src/core/dtdl/validation/validateModels';

export const CONFORMANCE_PATH = path.resolve(__dirname, '../../../..', '../shared/dtdl-conformance/test-cases');

export function conformanceFolder(): string {
  if (!existsSync(CONFORMANCE_PATH)) {
    throw new Error(
      `The DTDL conformance cases are missing: ${CONFORMANCE_PATH} does not exist. They are read from ` +
        '../shared/dtdl-conformance/test-cases beside the repository: the test-cases folder of ' +
        'github.com/digitaltwinconsortium/DTDLParser (see docs/dtdl-validation.md).',
    );
  }
  return CONFORMANCE_PATH;
}

export type DtdlCaseVersion = 'V2' | 'V3' | 'V4';

export interface CaseOutcome {
  /** `folder/Name` without the version and extension. */
  name: string;
  version: DtdlCaseVersion;
  expectedValid: boolean;
  agrees: boolean;
  /** Reference validation ids of an invalid case (last segment). */
  expectedCodes: string[];
  problems: LocatedProblem[];
  files: ModelFile[];
}

interface CaseFile {
  valid: boolean;
  options?: string[];
  /** The reference parser's tolerance options. */
  quirks?: string[];
  input?: unknown[];
  maxDtdlVersion?: number;
  resolution?: { response?: unknown[] }[];
  expect?: { parsingErrors?: { ValidationID?: string }[] };
}

/** The case's documents as files named `input[i].json`, each pretty-printed (resolver answers after them). */
export function caseFiles(c: CaseFile): ModelFile[] {
  const given = (c.input ?? []).map((doc) => ({ doc, resolved: false }));
  const resolved = (c.resolution ?? []).flatMap((r) => r.response ?? []).map((doc) => ({ doc, resolved: true }));
  return [...given, ...resolved].map(({ doc, resolved }, i) => ({
    file: `input[${i}].json`,
    text: JSON.stringify(doc, null, 2),
    resolved,
  }));
}

/** Whether any document of the case is written in DTDL v4 (its `@context` names `dtmi:dtdl:context;4`). */
function writtenInV4(input: unknown[]): boolean {
  return input.some((doc) =>
    (Array.isArray(doc) ? doc : [doc]).some((d) => {
      const context = (d as { '@context'?: unknown } | null)?.['@context'];
      return (Array.isArray(context) ? context : [context]).includes('dtmi:dtdl:context;4');
    }),
  );
}

/**
 * Runs one case. `labelled` is the version its file name ends with; a case whose documents are written in DTDL v4
 * counts as a v4 case whatever its label (a few documentation examples labelled V2 or V3 are v4 models).
 */
export function runCase(file: string, labelled: DtdlCaseVersion, withV4 = false): CaseOutcome | undefined {
  const c = JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, '')) as CaseFile;
  if (Array.isArray(c) || !c.input) return undefined;
  const version: DtdlCaseVersion = writtenInV4(c.input) ? 'V4' : labelled;
  const supported = (withV4 ? [2, 3, 4] : [2, 3]).filter(
    (v) => c.maxDtdlVersion === undefined || v <= c.maxDtdlVersion,
  );
  const files = caseFiles(c);
  const problems = validateModelFiles(files, {
    supportedVersions: supported,
    allowUndefinedExtensions: (c.options ?? []).includes('AllowUndefinedExtensions'),
    tolerateSolecisms: {
      inNamedFiles: (c.quirks ?? []).includes('TolerateSolecismsInParse'),
      inResolvedFiles: (c.quirks ?? []).includes('TolerateSolecismsInResolve'),
    },
  });
  const expectedCodes = [
    ...new Set(
      (c.expect?.parsingErrors ?? []).map(
        (e) =>
          String(e.ValidationID ?? '')
            .split(':')
            .pop() ?? '',
      ),
    ),
  ];
  const name = `${path.basename(path.dirname(file))}/${path.basename(file, '.json').slice(0, -2)}`;
  return {
    name,
    version,
    expectedValid: c.valid,
    agrees: c.valid === (problems.length === 0),
    expectedCodes,
    problems,
    files,
  };
}

export function runAllCases(versions: readonly DtdlCaseVersion[]): CaseOutcome[] {
  const root = conformanceFolder();
  const out: CaseOutcome[] = [];
  for (const folder of readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()) {
    for (const name of readdirSync(path.join(root, folder)).sort()) {
      const version = /(V[234])\.json$/.exec(name)?.[1] as DtdlCaseVersion | undefined;
      if (!version || !versions.includes(version)) continue;
      const outcome = runCase(path.join(root, folder, name), version);
      if (outcome) out.push(outcome);
    }
  }
  return out;
}

export interface Agreement {
  valid: { agree: number; total: number };
  invalid: { agree: number; total: number };
}

export function agreement(outcomes: readonly CaseOutcome[], version: DtdlCaseVersion): Agreement {
  const of = (valid: boolean) => {
    const cases = outcomes.filter((o) => o.version === version && o.expectedValid === valid);
    return { agree: cases.filter((o) => o.agrees).length, total: cases.length };
  };
  return { valid: of(true), invalid: of(false) };
}
