// Installs code-server (the offline VS Code of the integration and e2e tiers) and the Node it needs into
// .vscode-test/code-server-<version>, for the oldest and the newest VS Code the tiers run on (see test/README.md).
// Usage: node scripts/install-code-server.mjs [--vscode oldest|newest|both] [--force]
import { flag, loadHarness } from './harness.mjs';

const { ensureCodeServer } = await loadHarness('codeServerInstall');
const which = flag('--vscode') ?? 'both';
const targets = which === 'both' ? ['oldest', 'newest'] : [which];
try {
  for (const target of targets) {
    if (target !== 'oldest' && target !== 'newest')
      throw new Error(`--vscode must be oldest, newest or both, not ${target}`);
    const paths = ensureCodeServer({ target, force: process.argv.includes('--force') });
    console.log(`code-server ${paths.release.version} (VS Code ${paths.release.vscode}) ready: ${paths.entry}`);
  }
} catch (error) {
  console.error(`install-code-server: ${error.message}`);
  process.exit(1);
}
