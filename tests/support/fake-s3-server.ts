import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sha256Hex, signRequest } from "../../src/server/integrations/storage/sigv4";

export interface FakeS3Server {
  endpoint: string;
  objects: Map<string, Buffer>;
  close(): Promise<void>;
}

/**
 * A small S3-compatible server for tests: keeps objects in memory and refuses any request whose SigV4 signature
 * does not match the one computed for the same request and credentials.
 */
export async function startFakeS3Server(credentials: { accessKeyId: string; secretAccessKey: string; region: string }): Promise<FakeS3Server> {
  const objects = new Map<string, Buffer>();
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    const expected = signRequest(
      { ...credentials, service: "s3" },
      { method: req.method ?? "GET", url, headers: {}, payloadHash: sha256Hex(body), datetime: String(req.headers["x-amz-date"]) },
    );
    if (req.headers.authorization !== expected.authorization || req.headers["x-amz-content-sha256"] !== sha256Hex(body)) {
      res.writeHead(403).end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
      return;
    }
    const key = url.pathname;
    if (req.method === "PUT") {
      objects.set(key, body);
      res.writeHead(200).end();
    } else if (req.method === "GET") {
      const object = objects.get(key);
      if (object) res.writeHead(200, { "content-type": "application/octet-stream" }).end(object);
      else res.writeHead(404).end("<Error><Code>NoSuchKey</Code></Error>");
    } else if (req.method === "DELETE") {
      objects.delete(key);
      res.writeHead(204).end();
    } else {
      res.writeHead(405).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
