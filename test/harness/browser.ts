// Headless Debian chromium driven by playwright-core.
import { chromium, type Browser } from 'playwright-core';
import { chromiumPath } from './harnessPaths';
import { requireSystemPackages } from './systemPackages';

export async function launchChromium(): Promise<Browser> {
  requireSystemPackages('browser');
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}
