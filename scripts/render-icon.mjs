// Renders media/icon.png (128x128, the marketplace icon) from the SVG below with headless chromium.
// Usage: node scripts/render-icon.mjs
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { repoRoot } from './harness.mjs';

// A tower and its dashed digital twin, linked through a data node, on a rounded blue tile.
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
  <defs>
    <linearGradient id="tile" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1b7fd1"/><stop offset="1" stop-color="#0b4f8a"/>
    </linearGradient>
  </defs>
  <rect x="4" y="4" width="120" height="120" rx="24" fill="url(#tile)"/>
  <g fill="none" stroke-linecap="round" stroke-linejoin="round">
    <path d="M18 106h92" stroke="#ffffff" stroke-width="6"/>
    <path d="M26 106V28h40v78" stroke="#ffffff" stroke-width="6" fill="#ffffff22"/>
    <path d="M37 46h18M37 62h18M37 78h18" stroke="#ffffff" stroke-width="6"/>
    <path d="M78 106V58h26v48" stroke="#7fe3ff" stroke-width="6" stroke-dasharray="9 7"/>
    <path d="M66 46l19-9M91 42v9" stroke="#7fe3ff" stroke-width="5"/>
    <circle cx="91" cy="33" r="8" stroke="#7fe3ff" stroke-width="5" fill="#0b4f8a"/>
  </g>
</svg>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 128, height: 128 }, deviceScaleFactor: 1 });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  const file = join(repoRoot, 'media', 'icon.png');
  await page.locator('svg').screenshot({ path: file, omitBackground: true });
  console.log(`wrote ${file}`);
} finally {
  await browser.close();
}
