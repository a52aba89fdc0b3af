import { createServer, type AddressInfo } from "node:net";

/** A port nothing listens on now (the app logs at warn level, so it is told its port instead of printing it). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
