import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressible = /\.(js|css|svg|json|txt|map|html)$/;

/**
 * Writes a .br and a .gz beside every hashed asset after the build, at the highest levels (once, at build time), so
 * the server sends them with Content-Encoding and spends no CPU compressing per request.
 */
function precompressAssets(): Plugin {
  let outDir = "dist";
  return {
    name: "markwise-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const assets = path.join(outDir, "assets");
      const names = (await readdir(assets)).filter((name) => compressible.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(assets, name);
          const bytes = await readFile(file);
          if (bytes.length < 512) return;
          await writeFile(`${file}.br`, await brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
          await writeFile(`${file}.gz`, await gzipAsync(bytes, { level: 9 }));
        }),
      );
    },
  };
}

// The API runs as its own process in development (scripts/dev.ts); Vite forwards /api to it so the
// browser sees one origin, exactly as in production where the server also serves dist/.
const apiPort = process.env.API_PORT ?? "3001";

export default defineConfig({
  root: ".",
  plugins: [react(), tailwindcss(), precompressAssets()],
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
