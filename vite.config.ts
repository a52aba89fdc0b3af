import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The API runs as its own process in development (scripts/dev.ts); Vite forwards /api to it so the
// browser sees one origin, exactly as in production where the server also serves dist/.
const apiPort = process.env.API_PORT ?? "3001";

export default defineConfig({
  root: ".",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: {
      "/api": { target: `http://localhost:${apiPort}`, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
  },
});
