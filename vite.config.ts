import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@common": path.resolve(import.meta.dirname, "common"),
      "@web": path.resolve(import.meta.dirname, "web"),
    },
  },
  build: { outDir: "../dist", emptyOutDir: true, chunkSizeWarningLimit: 700 },
  server: {
    proxy: { "/api": "http://localhost:3000", "/p": "http://localhost:3000", "/s": "http://localhost:3000" },
  },
});
