// The *.json files a path names: the file itself, or every one under a folder (links not followed, dot folders and
// node_modules skipped), sorted so that output is stable.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

export async function jsonFilesUnder(path: string): Promise<string[]> {
  if (!(await stat(path)).isDirectory()) return [path];
  const out: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules') await walk(full);
      else if (entry.isFile() && entry.name.toLowerCase().endsWith('.json')) out.push(full);
    }
  };
  await walk(path);
  return out.sort();
}
