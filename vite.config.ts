import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { APP_NAME } from "./common/brand.ts";
import { SITE_PATHS } from "./web/app/site-paths.ts";

// Paths the server answers itself: the service worker never serves the SPA's index.html for them
// (its navigation fallback skips them) and caches none of their responses.
const SERVER_PATHS = [
  /^\/api\//,
  /^\/s\//,
  /^\/p\//,
  /^\/uploads\//,
  /^\/fonts\//,
  /^\/blog(\/|$|\?)/,
  /^\/dev-checkout\//,
  /^\/denunciar(\/|$|\?)/,
  /^\/(healthz|readyz)(\?|$)/,
  /^\/(sitemap\.xml|robots\.txt)(\?|$)/,
  // Any file (the last segment has an extension, as server/plugins/spa.ts decides): sw.js, images.
  /^[^?]*\/[^/?]+\.[a-z0-9]+(\?|$)/i,
];

// The screens the server renders with their content: while online they come from the server, not
// the worker's shell; offline the shell renders them.
const serverRendered = `/(${SITE_PATHS.map((p) => p.slice(1)).join("|")})(\\?.*)?$`;

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [
    react(),
    tailwindcss(),
    // The installable app: a Workbox-generated /sw.js that precaches the shell; web/features/pwa
    // registers it and asks before a new version takes over.
    VitePWA({
      strategies: "generateSW",
      // Workbox's production runtime whatever NODE_ENV the build runs with (the e2e server: test).
      mode: "production",
      registerType: "prompt",
      // Registered by web/features/pwa/service-worker.ts (workbox-window): no inline script (CSP).
      injectRegister: false,
      filename: "sw.js",
      scope: "/",
      manifestFilename: "manifest.webmanifest",
      includeAssets: ["favicon.svg", "icons/apple-touch-icon.png"],
      manifest: {
        id: "/",
        name: APP_NAME,
        short_name: APP_NAME,
        description: "Páginas Link Bio e links curtos com análise de cliques, direto da tela inicial.",
        lang: "pt-BR",
        dir: "ltr",
        start_url: "/dashboard",
        scope: "/",
        display: "standalone",
        orientation: "any",
        theme_color: "#2563eb",
        background_color: "#ffffff",
        categories: ["business", "productivity", "utilities"],
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        // The shell: index.html and the hashed scripts and styles of every screen (the plugin adds
        // the manifest, its icons and includeAssets).
        globPatterns: ["index.html", "assets/**/*.{js,css}"],
        navigateFallback: "/index.html",
        // Web Push: showing a push and opening its screen on a tap (web/public/push-sw.js).
        importScripts: ["/push-sw.js"],
        navigateFallbackDenylist: [...SERVER_PATHS, new RegExp(`^${serverRendered}`)],
        // A deploy's new worker waits for 'Atualizar' (UpdateBanner), then takes over.
        skipWaiting: false,
        clientsClaim: false,
        cleanupOutdatedCaches: true,
        // Hashed files carry their revision in their name; Workbox need not add one.
        dontCacheBustURLsMatching: /^assets\//,
        runtimeCaching: [
          {
            urlPattern: new RegExp(`^https?://[^/]+${serverRendered}`),
            handler: "NetworkOnly",
            options: { precacheFallback: { fallbackURL: "index.html" } },
          },
          {
            // Self-hosted fonts, under versioned URLs (/fonts/v{version}/): kept for the offline app.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/fonts/"),
            handler: "CacheFirst",
            options: {
              cacheName: "fonts",
              expiration: { maxEntries: 40, maxAgeSeconds: 365 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  resolve: {
    alias: {
      "@common": path.resolve(import.meta.dirname, "common"),
      "@web": path.resolve(import.meta.dirname, "web"),
    },
  },
  build: {
    outDir: "../dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    // The islands of a server-rendered screen (web/app/islands.tsx) load after the page, and their
    // files are found by the browser from the imports: a <link rel="modulepreload"> per file, added
    // by script to a long page, cost more main-thread time there than the round trips they save.
    // The app's screens keep theirs.
    modulePreload: {
      resolveDependencies: (file, deps, { hostId }) => (/\/islands-/.test(`${file} ${hostId}`) ? [] : deps),
    },
    // The self-hosted fonts (web/styles.css) are the server's, not files of the build.
    rolldownOptions: { external: [/^\/fonts\//] },
  },
  server: {
    proxy: {
      "/api": "http://localhost:3000",
      "/p": "http://localhost:3000",
      "/s": "http://localhost:3000",
      "/fonts": "http://localhost:3000",
    },
  },
});
