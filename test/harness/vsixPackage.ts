// Builds the VSIX with @vscode/vsce (no dependencies: everything is bundled) and lists what is inside it.
import { createVSIX } from '@vscode/vsce';
import { repoRoot } from './harnessPaths';

// vsce's own zip reader (yauzl underneath); returns entry names, lower-cased, with their contents.
const { readZip } = require('@vscode/vsce/out/zip') as {
  readZip(file: string, filter: (name: string) => boolean): Promise<Map<string, Buffer>>;
};

export async function packageVsix(outFile: string): Promise<void> {
  await createVSIX({ cwd: repoRoot, packagePath: outFile, dependencies: false });
}

/** Entry names of a VSIX (paths of the extension's files start with `extension/`). */
export async function vsixEntries(file: string): Promise<string[]> {
  return [...(await readZip(file, () => true)).keys()].sort();
}
