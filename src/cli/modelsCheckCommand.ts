// `building-twins models check FILE|FOLDER…`: the DTDL model files named (a folder: every *.json under it) checked
// as one set, as the reference parser would; one line per problem, `file:line:col: code: message`; exit code 1
// when there is any.

import { PartialFailure, PRINTED, UsageError, type CliCommand } from '../core/commands/cliCommand';
import { validateModelFiles, type ModelFile } from '../core/dtdl/validation/validateModels';
import { stripControl } from '../core/untrusted/controlCharacters';

const UTF8 = new TextDecoder('utf-8');

export const modelsCheckCommand: CliCommand = {
  words: ['models', 'check'],
  summary:
    'Check DTDL model files (a folder: every *.json under it) as one set, as the reference parser does: one line per problem; exit code 1 when any',
  args: '<file|folder...>',
  arity: [1, Number.MAX_SAFE_INTEGER],
  offline: true,
  run: async (ctx, input) => {
    if (!ctx.jsonFilesUnder) throw new UsageError('this command line cannot list folders');
    const paths: string[] = [];
    for (const arg of input.args) {
      try {
        paths.push(...(await ctx.jsonFilesUnder(arg)));
      } catch (error) {
        throw new UsageError(`cannot read ${arg}: ${(error as Error).message}`);
      }
    }
    const files: ModelFile[] = [];
    for (const path of [...new Set(paths)]) {
      try {
        files.push({ file: path, text: UTF8.decode(await ctx.readFile(path)) });
      } catch (error) {
        throw new UsageError(`cannot read ${path}: ${(error as Error).message}`);
      }
    }
    if (files.length === 0) throw new UsageError(`no *.json file under ${input.args.join(', ')}`);
    const problems = validateModelFiles(files);
    for (const p of problems) {
      const line = `${p.file}:${p.range.line + 1}:${p.range.column + 1}: ${p.code}: ${p.message}`;
      ctx.printLine?.(stripControl(line));
    }
    if (problems.length === 0) return PRINTED;
    const withProblems = new Set(problems.map((p) => p.file)).size;
    return new PartialFailure(PRINTED, `${problems.length} problem(s) in ${withProblems} of ${files.length} file(s)`);
  },
};
