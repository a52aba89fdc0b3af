import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

/** A server started from the compiled entry point (build/server/, built by the global setup), as `npm start` runs it. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process printed so far (JSON log lines), for failure messages. */
  output(): string;
  /** SIGTERM, then the exit code once it has exited. */
  stop(): Promise<number | null>;
  /** SIGKILL (no shutdown code runs), resolved once the process is gone. */
  kill(): Promise<void>;
}

const startTimeoutMs = 90_000;

/**
 * Spawns the entry point with these settings on top of the test's environment and resolves once it prints its address.
 * PORT defaults to 0; a fixed PORT lets a restarted process answer where the old one did. `supervisor` starts the
 * server under `npm start`'s supervisor, which restarts it.
 */
export function startServerProcess(env: Record<string, string>, entry: "index" | "supervisor" = "index"): Promise<ServerProcess> {
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, [`build/server/${entry}.js`], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", NODE_ENV: "production", LOG_LEVEL: "info", AUTH_RATE_LIMIT_MAX: "1000", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    return exited;
  };
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void kill();
      reject(new Error(`the server did not start within ${startTimeoutMs / 1000} s:\n${output.slice(-4000)}`));
    }, startTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = output.match(/Markwise is ready at (http:\/\/localhost:\d+)/);
      if (ready) {
        clearTimeout(timer);
        resolve({ child, url: ready[1]!, output: () => output, stop, kill });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server (pid ${child.pid}) exited ${Date.now() - spawnedAt} ms after it was spawned, before it was ready (${code ?? child.signalCode}):\n${output.slice(-4000)}`));
    });
  });
}

/** A port free right now, so that a server and its restarted successor can both listen on it. */
export async function findFreePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A TCP proxy in front of a server port, standing in for a load balancer, that can lose one answer on purpose. */
export interface TcpProxy {
  url: string;
  /**
   * The next answer that starts to come back is not passed on: `whenLost` runs as its first bytes arrive (so the server
   * has done all the work of the request), and the client's connection is closed, as if the server died just then.
   */
  loseNextResponse(whenLost: () => void): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  let whenLost: (() => void) | undefined;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, "127.0.0.1");
    sockets.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("data", (chunk) => upstream.write(chunk));
    upstream.on("data", (chunk) => {
      const lost = whenLost;
      if (!lost) {
        client.write(chunk);
        return;
      }
      whenLost = undefined;
      lost();
      end();
    });
    for (const socket of [client, upstream]) {
      socket.on("error", end);
      socket.on("close", end);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://localhost:${port}`,
    loseNextResponse: (callback) => {
      whenLost = callback;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
