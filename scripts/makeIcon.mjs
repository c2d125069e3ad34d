// Renders the marketplace icon (media/icon.png, 128x128) from the SVG below with the machine's
// headless Chromium, so the icon has a readable source and needs no image tool.
// Run: node --import tsx scripts/makeIcon.mjs
import { chromium } from 'playwright-core';
import { join } from 'node:path';
import { CHROMIUM_ARGS, chromiumPath, repoRoot } from '../test/harness/config.ts';

const SIZE = 128;

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 128 128">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#2563eb"/>
      <stop offset="1" stop-color="#0d9488"/>
    </linearGradient>
  </defs>
  <rect x="4" y="4" width="120" height="120" rx="26" fill="url(#bg)"/>
  <g fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round">
    <path d="M64 44C55 37 42 33 22 33v58c20 0 33 4 42 11 9-7 22-11 42-11V33c-20 0-33 4-42 11z"/>
    <path d="M64 44v58"/>
  </g>
  <g fill="none" stroke="#ffffff" stroke-opacity="0.75" stroke-width="4.5" stroke-linecap="round">
    <path d="M32 52c9 0 16 1.6 22 4.5M32 66c9 0 16 1.6 22 4.5M32 80c9 0 16 1.6 22 4.5M74 56.5c6-2.9 13-4.5 22-4.5M74 70.5c6-2.9 13-4.5 22-4.5"/>
  </g>
  <path d="M104 9l3.6 8.4L116 21l-8.4 3.6L104 33l-3.6-8.4L92 21l8.4-3.6z" fill="#fde047"/>
</svg>`;

const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  const out = join(repoRoot, 'media', 'icon.png');
  await page.locator('svg').screenshot({ path: out, omitBackground: true });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
