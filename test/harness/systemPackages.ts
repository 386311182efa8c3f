// The harness needs a few Debian packages; when one is missing it says which instead of skipping tests.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { chromiumPath } from './harnessPaths';

interface Requirement {
  debianPackage: string;
  reason: string;
  present: () => boolean;
}

const onPath = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

const requirements: Record<'browser' | 'codeServerBuild', Requirement[]> = {
  browser: [
    {
      debianPackage: 'chromium',
      reason: `the browser playwright-core drives (${chromiumPath})`,
      present: () => existsSync(chromiumPath),
    },
  ],
  codeServerBuild: [
    {
      debianPackage: 'libkrb5-dev',
      reason: 'headers for the kerberos module of code-server',
      present: () => existsSync('/usr/include/gssapi/gssapi.h') || existsSync('/usr/include/krb5.h'),
    },
    {
      debianPackage: 'ripgrep',
      reason: 'code-server search (copied into its @vscode/ripgrep)',
      present: () => existsSync('/usr/bin/rg'),
    },
    {
      debianPackage: 'build-essential',
      reason: 'a C/C++ toolchain to rebuild code-server native modules',
      present: () => onPath('make') && onPath('g++'),
    },
    {
      debianPackage: 'python3',
      reason: 'node-gyp, to rebuild code-server native modules',
      present: () => onPath('python3'),
    },
  ],
};

/** Throws one error naming every missing Debian package of the given groups and why it is needed. */
export function requireSystemPackages(...groups: Array<keyof typeof requirements>): void {
  const missing = groups.flatMap((g) => requirements[g]).filter((r) => !r.present());
  if (missing.length === 0) return;
  const list = missing.map((r) => `  ${r.debianPackage}: ${r.reason}`).join('\n');
  throw new Error(
    `missing system packages:\n${list}\ninstall them with: apt-get install -y ${missing.map((r) => r.debianPackage).join(' ')}`,
  );
}
