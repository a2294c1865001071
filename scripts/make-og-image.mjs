// Renders the Open Graph image (1200x630) that links to our pages show in chats and social
// networks, from HTML in our brand, with Debian's Chromium: `node scripts/make-og-image.mjs`.
// The PNG is committed (web/public/og-image.png); run this again when the brand or tagline changes.
// Everything is inline (the Inter font as a data URL), so the page makes no request.
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const root = path.resolve(import.meta.dirname, "..");
const output = path.join(root, "web/public/og-image.png");
const appName = /APP_NAME = "([^"]+)"/.exec(fs.readFileSync(path.join(root, "common/brand.ts"), "utf8"))?.[1];
if (!appName) throw new Error("APP_NAME not found in common/brand.ts");

const font = fs
  .readFileSync(
    path.join(root, "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"),
  )
  .toString("base64");

// lucide's link-2, the mark of web/components/ui/logo.tsx.
const linkIcon = (size, stroke) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="${stroke}" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"><path d="M9 17H7A5 5 0 0 1 7 7h2"/><path d="M15 7h2a5 5 0 1 1 0 10h-2"/><line x1="8" x2="16" y1="12" y2="12"/></svg>`;

// lucide's flower-2, the example page's picture (as in the landing hero).
const flowerIcon = `<svg width="44" height="44" viewBox="0 0 24 24" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M12 5a3 3 0 1 1 3 3m-3-3a3 3 0 1 0-3 3m3-3v1M9 8a3 3 0 1 0 3 3M9 8h1m5 0a3 3 0 1 1-3 3m3-3h-1m-2 3v-1"/><circle cx="12" cy="8" r="2"/><path d="M12 10v12"/><path d="M12 22c4.2 0 7-1.667 7-5-4.2 0-7 1.667-7 5Z"/><path d="M12 22c-4.2 0-7-1.667-7-5 4.2 0 7 1.667 7 5Z"/></svg>`;

const buttons = [
  ["Loja online", "#111827", "#ffffff", ""],
  ["Encomendas pelo WhatsApp", "#047857", "#ffffff", ""],
  ["Oficinas de sábado", "#ffffff", "#111827", "box-shadow: inset 0 0 0 2px #e5e7eb;"],
  ["Instagram", "#ffffff", "#111827", "box-shadow: inset 0 0 0 2px #e5e7eb;"],
];
const bars = [38, 52, 34, 66, 58, 81, 100];

const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><style>
@font-face { font-family: Inter; font-weight: 100 900; src: url(data:font/woff2;base64,${font}) format("woff2"); }
* { box-sizing: border-box; margin: 0; }
body { width: 1200px; height: 630px; overflow: hidden; font-family: Inter, sans-serif; background: #1d4ed8; color: #fff; position: relative; }
.disc { position: absolute; border-radius: 50%; }
.left { position: absolute; left: 80px; top: 68px; width: 580px; }
.logo { display: flex; align-items: center; gap: 16px; font-size: 40px; font-weight: 800; letter-spacing: -0.02em; }
.tile { width: 64px; height: 64px; border-radius: 16px; background: #fff; display: flex; align-items: center; justify-content: center; }
h1 { margin-top: 48px; font-size: 62px; line-height: 1.04; font-weight: 800; letter-spacing: -0.035em; }
h1 span { color: #bfdbfe; }
p.sub { margin-top: 24px; font-size: 26px; line-height: 1.35; color: #dbeafe; font-weight: 500; }
.chips { position: absolute; left: 80px; bottom: 64px; display: flex; gap: 12px; }
.chip { padding: 9px 16px; border-radius: 999px; background: #1e40af; font-size: 19px; font-weight: 600; color: #eff6ff; }
.phone { position: absolute; right: 96px; top: 64px; width: 300px; height: 600px; border-radius: 48px; background: #0f172a; padding: 12px; }
.screen { height: 100%; border-radius: 38px; background: #fff7ed; display: flex; flex-direction: column; align-items: center; padding: 52px 22px 0; color: #111827; position: relative; }
.notch { position: absolute; top: 12px; width: 96px; height: 24px; border-radius: 999px; background: #0f172a; }
.avatar { width: 84px; height: 84px; border-radius: 50%; background: #f43f5e; border: 5px solid #fff; display: flex; align-items: center; justify-content: center; }
.name { margin-top: 14px; font-size: 22px; font-weight: 800; }
.bio { margin-top: 2px; font-size: 15px; color: #4b5563; }
.btn { width: 100%; margin-top: 12px; padding: 14px 10px; border-radius: 14px; font-size: 15px; font-weight: 700; text-align: center; }
.card { position: absolute; right: 262px; bottom: 40px; width: 262px; border-radius: 22px; background: #fff; color: #111827; padding: 20px; box-shadow: 0 24px 48px rgba(15, 23, 42, 0.35); }
.card .url { display: flex; align-items: center; gap: 10px; font-size: 17px; font-weight: 700; }
.card .url i { width: 32px; height: 32px; border-radius: 9px; background: #eff6ff; display: flex; align-items: center; justify-content: center; }
.card .label { margin-top: 14px; font-size: 14px; color: #4b5563; }
.card .count { font-size: 34px; font-weight: 800; letter-spacing: -0.02em; display: flex; align-items: baseline; gap: 10px; }
.card .count b { font-size: 14px; color: #166534; background: #dcfce7; padding: 3px 8px; border-radius: 999px; }
.bars { margin-top: 12px; height: 56px; display: flex; align-items: flex-end; gap: 7px; }
.bars span { flex: 1; border-radius: 5px 5px 0 0; background: #dbeafe; }
.bars span:last-child { background: #2563eb; }
</style></head><body>
<div class="disc" style="width:760px;height:760px;right:-260px;top:-300px;background:#2563eb"></div>
<div class="left">
  <div class="logo"><span class="tile">${linkIcon(40, "#1d4ed8")}</span>${appName}</div>
  <h1>Um link para tudo o que você cria. <span>Cada clique, contado.</span></h1>
  <p class="sub">Páginas Link Bio, links curtos com QR Code e análise de cliques. Comece grátis.</p>
</div>
<div class="chips"><span class="chip">Sem guardar IP</span><span class="chip">Pix, cartão ou boleto</span><span class="chip">Em português</span></div>
<div class="phone"><div class="screen">
  <span class="notch"></span><span class="avatar">${flowerIcon}</span>
  <div class="name">Ateliê Jardim</div><div class="bio">Cerâmica feita à mão</div>
  <div style="width:100%;margin-top:18px">${buttons
    .map(
      ([label, bg, fg, extra]) =>
        `<div class="btn" style="background:${bg};color:${fg};${extra}">${label}</div>`,
    )
    .join("")}</div>
</div></div>
<div class="card">
  <div class="url"><i>${linkIcon(18, "#1d4ed8")}</i>atalho.com.br/s/aulas</div>
  <div class="label">Cliques nos últimos 7 dias</div>
  <div class="count">1.284 <b>+18%</b></div>
  <div class="bars">${bars.map((height) => `<span style="height:${height}%"></span>`).join("")}</div>
</div>
</body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await page.setContent(html, { waitUntil: "load" });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: output, type: "png" });
} finally {
  await browser.close();
}
console.log(`${path.relative(root, output)}: ${(fs.statSync(output).size / 1024).toFixed(1)} KB`);
