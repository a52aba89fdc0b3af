/**
 * `npm run dev`: the API with reload on change (tsx watch, port API_PORT or 3001) and Vite's dev server with
 * hot reload on PORT or 3000, which proxies /api to the API. Stops both on Ctrl+C.
 */
import { spawn } from "node:child_process";

const apiPort = process.env.API_PORT ?? "3001";
const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/server/index.ts"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "development", PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? "3000"}` },
  }),
  spawn("npx", ["vite", "--port", process.env.PORT ?? "3000", "--strictPort"], { stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) {
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
