// Installs code-server (the offline VS Code of the integration and e2e tiers) into .vscode-test/code-server.
// Usage: node scripts/install-code-server.mjs [--force]
import { loadHarness } from './harness.mjs';

const { ensureCodeServer } = await loadHarness('codeServerInstall');
try {
  const paths = ensureCodeServer({ force: process.argv.includes('--force') });
  console.log(`code-server ready: ${paths.entry}`);
} catch (error) {
  console.error(`install-code-server: ${error.message}`);
  process.exit(1);
}
