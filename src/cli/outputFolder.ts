// `run --out DIR`: the folder and its files are written without following links. A link already there (shipped in a
// cloned repository, say) could otherwise make a result overwrite a file outside the folder; it is refused by path.
import { constants } from 'node:fs';
import { lstat, mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';

/** Creates the folder (and its parents) when missing; refuses a folder that is a symbolic link or not a folder. */
export async function makeOutputFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  const stat = await lstat(folder);
  if (stat.isSymbolicLink())
    throw new Error(`refused: the output folder ${folder} is a symbolic link; give a real folder`);
  if (!stat.isDirectory()) throw new Error(`refused: ${folder} is not a folder`);
}

/**
 * Writes `name` in `folder`, replacing a regular file of its own; refuses (with the path) a symbolic link, a file with
 * other hard links or anything that is not a regular file. The open does not follow a link either (O_NOFOLLOW), so a
 * link put there after the check is refused too.
 */
export async function writeInOutputFolder(folder: string, name: string, content: Uint8Array): Promise<string> {
  const target = join(folder, name);
  const existing = await lstat(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing?.isSymbolicLink())
    throw new Error(
      `refused: ${target} is a symbolic link; nothing is written through a link out of the output folder`,
    );
  if (existing && !existing.isFile()) throw new Error(`refused: ${target} is not a regular file`);
  if (existing && existing.nlink > 1)
    throw new Error(
      `refused: ${target} has other hard links; nothing is written through a link out of the output folder`,
    );
  let handle;
  try {
    handle = await open(
      target,
      constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0),
      0o644,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP')
      throw new Error(
        `refused: ${target} is a symbolic link; nothing is written through a link out of the output folder`,
      );
    throw error;
  }
  try {
    await handle.writeFile(content);
  } finally {
    await handle.close();
  }
  return target;
}
