// `run --out DIR`: the folder and its files are written without following links. A link already there (shipped in a
// cloned repository, say) could otherwise make a result overwrite a file outside the folder; it is refused by path,
// before anything is sent or written. Refusals are usage errors (exit code 2).
import { constants, type Stats } from 'node:fs';
import { lstat, mkdir, open } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { UsageError } from '../core/commands/cliCommand';

const THROUGH_LINK = 'nothing is written through a link out of the output folder';

/** The folders of an absolute path from the top down, the root left out: /a/b/c -> /a, /a/b, /a/b/c. */
function foldersOfPath(absolute: string): string[] {
  const folders: string[] = [];
  for (let path = absolute; dirname(path) !== path; path = dirname(path)) folders.unshift(path);
  return folders;
}

/** The entry at `path` itself (a link is not followed), or undefined when there is none. */
async function entryAt(path: string): Promise<Stats | undefined> {
  return lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
}

/** Refuses `stat` (of `folder`, one of the folders on the way to `output`) unless it is a real folder. */
function checkFolder(stat: Stats, folder: string, output: string): void {
  // Named as the output folder was given: relative to the working folder, or absolute.
  const shown = isAbsolute(output) ? folder : relative(process.cwd(), folder) || '.';
  if (stat.isSymbolicLink()) {
    throw new UsageError(
      folder === resolve(output)
        ? `refused: the output folder ${shown} is a symbolic link; ${THROUGH_LINK}: give a real folder`
        : `refused: ${shown} is a symbolic link, on the way to the output folder ${output}; ${THROUGH_LINK}: give a path without links`,
    );
  }
  if (!stat.isDirectory()) throw new UsageError(`refused: ${shown} is not a folder`);
}

/** Refuses a symbolic link, a file with other hard links or anything but a regular file at `target`. */
function checkResultFile(stat: Stats | undefined, target: string): void {
  if (!stat) return;
  if (stat.isSymbolicLink()) throw new UsageError(`refused: ${target} is a symbolic link; ${THROUGH_LINK}`);
  if (!stat.isFile()) throw new UsageError(`refused: ${target} is not a regular file`);
  if (stat.nlink > 1) throw new UsageError(`refused: ${target} has other hard links; ${THROUGH_LINK}`);
}

/**
 * Creates the folder and its missing parents, one at a time. Refuses, before creating anything, a path with a
 * symbolic link anywhere on it (`link/`, `link/.`, `link/sub`, or a linked parent further up), a part of it that is
 * not a folder, and a link or a file with other hard links where one of `fileNames` goes.
 */
export async function makeOutputFolder(folder: string, fileNames: readonly string[] = []): Promise<void> {
  const folders = foldersOfPath(resolve(folder));
  let existing = 0;
  for (const path of folders) {
    const stat = await entryAt(path);
    if (!stat) break;
    checkFolder(stat, path, folder);
    existing += 1;
  }
  for (const name of fileNames) checkResultFile(await entryAt(join(folder, name)), join(folder, name));
  for (const path of folders.slice(existing)) {
    await mkdir(path).catch(async (error: NodeJS.ErrnoException) => {
      // Made meanwhile by someone else: it must still be a real folder.
      if (error.code !== 'EEXIST') throw error;
      checkFolder((await entryAt(path))!, path, folder);
    });
  }
}

/**
 * Writes `name` in `folder`, replacing a regular file of its own; refuses (with the path) a symbolic link, a file with
 * other hard links or anything that is not a regular file. The open does not follow a link either (O_NOFOLLOW), so a
 * link put there after the check is refused too.
 */
export async function writeInOutputFolder(folder: string, name: string, content: Uint8Array): Promise<string> {
  const target = join(folder, name);
  checkResultFile(await entryAt(target), target);
  let handle;
  try {
    handle = await open(
      target,
      constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0),
      0o644,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP')
      throw new UsageError(`refused: ${target} is a symbolic link; ${THROUGH_LINK}`);
    throw error;
  }
  try {
    await handle.writeFile(content);
  } finally {
    await handle.close();
  }
  return target;
}
