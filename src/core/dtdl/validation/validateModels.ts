// Validates a set of DTDL model files together, as the reference parser parses a set: every problem with its
// validation id, a sentence, and its place (file, JSON path, line and column). Incremental: each file's own checks
// are kept by its text, so after an edit only the edited files are walked again and only the checks across the
// set (references, inheritance, names along the chain) run over all of them. Pure: no file system, no vscode.
import { checkFile, locator, type CheckedFile } from './fileCheck';
import type { ElementSet } from './elements';
import type { LocatedProblem, ModelFile, ValidationOptions } from './modelFile';
import { problemList } from './problems';
import { checkSet, type ChainChecksMemo } from './setChecks';
import { addDefinition } from './walker';

export type { LocatedProblem, ModelFile, ValidationOptions } from './modelFile';

export class ModelSetValidator {
  private cache = new Map<string, CheckedFile>();
  private readonly chainChecks: ChainChecksMemo = new WeakMap();
  /** How many files the last call walked (new or changed) and how many it took from the cache. */
  lastRun = { walked: 0, reused: 0 };

  constructor(private readonly options: ValidationOptions = {}) {}

  /** The problems of `files` as one set; files left out since the last call are forgotten. */
  validate(files: readonly ModelFile[]): LocatedProblem[] {
    const next = new Map<string, CheckedFile>();
    this.lastRun = { walked: 0, reused: 0 };
    for (const f of files) {
      const cached = this.cache.get(f.file);
      const reuse = cached !== undefined && cached.text === f.text && cached.resolved === (f.resolved === true);
      this.lastRun[reuse ? 'reused' : 'walked']++;
      next.set(f.file, reuse ? cached : checkFile(f, this.options));
    }
    this.cache = next;
    const merged: ElementSet = { elements: [], byId: new Map(), references: [] };
    const sink = problemList();
    for (const checked of next.values()) {
      for (const e of checked.set.elements) merged.elements.push(e);
      for (const r of checked.set.references) merged.references.push(r);
      for (const e of checked.set.byId.values()) addDefinition(merged.byId, e, sink);
    }
    checkSet(merged, sink, this.chainChecks);
    const placers = new Map<string, ReturnType<typeof locator>>();
    const placed = sink.problems.map((p) => {
      let place = placers.get(p.file);
      if (!place) placers.set(p.file, (place = locator(next.get(p.file)?.text ?? '')));
      return { ...p, range: place(p.path) };
    });
    const order = new Map(files.map((f, i) => [f.file, i]));
    return [...[...next.values()].flatMap((c) => c.problems), ...placed].sort(
      (a, b) =>
        (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0) ||
        a.range.line - b.range.line ||
        a.range.column - b.range.column,
    );
  }
}

/** Validates `files` as one set, from scratch. */
export function validateModelFiles(files: readonly ModelFile[], options: ValidationOptions = {}): LocatedProblem[] {
  return new ModelSetValidator(options).validate(files);
}
