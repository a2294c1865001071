// Draws the app's PNG icons (web manifest and iOS home screen) from the product mark, the white
// chain link on the brand-blue tile of web/components/ui/logo.tsx, with Debian's Chromium.
// Run after changing the mark: `node scripts/make-icons.mjs` (writes web/public/icons/).
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const BRAND = "#2563eb";
const outDir = path.resolve(import.meta.dirname, "..", "web", "public", "icons");

// lucide's `link-2` (the icon logo.tsx shows), in its 24x24 box, stroke 2.5 as in the logo.
const LINK = `
  <path d="M9 17H7A5 5 0 0 1 7 7h2" />
  <path d="M15 7h2a5 5 0 1 1 0 10h-2" />
  <line x1="8" x2="16" y1="12" y2="12" />`;

/**
 * One square icon: `radius` rounds the tile (0: full bleed, for maskable and Apple icons, which the
 * platform crops itself); `glyph` is the chain link's box as a share of the side.
 */
function iconSvg(size, { radius, glyph }) {
  const box = size * glyph;
  const offset = (size - box) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${size * radius}" fill="${BRAND}" />
  <svg x="${offset}" y="${offset}" width="${box}" height="${box}" viewBox="0 0 24 24" fill="none"
    stroke="#ffffff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round">${LINK}</svg>
</svg>`;
}

// The maskable icon keeps the glyph inside the central 80% circle every mask leaves visible.
const ICONS = [
  { file: "icon-192.png", size: 192, radius: 0.22, glyph: 0.62 },
  { file: "icon-512.png", size: 512, radius: 0.22, glyph: 0.62 },
  { file: "maskable-512.png", size: 512, radius: 0, glyph: 0.56 },
  { file: "apple-touch-icon.png", size: 180, radius: 0, glyph: 0.6 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  fs.mkdirSync(outDir, { recursive: true });
  const page = await browser.newPage();
  for (const { file, size, ...shape } of ICONS) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${iconSvg(size, shape)}</body></html>`,
    );
    await page
      .locator("svg")
      .first()
      .screenshot({ path: path.join(outDir, file), omitBackground: true });
    console.log(`web/public/icons/${file}`);
  }
} finally {
  await browser.close();
}
