import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRemoteJWKSet, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LaunchError, verifyIdToken } from "./verify-id-token";

describe("a launch whose platform keyset cannot be read", () => {
  let server: Server;
  let base = "";
  beforeAll(async () => {
    // One path answers 404, the other a web page: both are a keyset URL registered wrong.
    server = createServer((request, response) => {
      if (request.url === "/missing") response.writeHead(404).end("Not found");
      else response.writeHead(200, { "content-type": "text/html" }).end("<html>Sign in</html>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("says the keyset is unavailable, as docs/lti.md names it, not the library's words", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    const token = await new SignJWT({ nonce: "n" }).setProtectedHeader({ alg: "RS256", kid: "k1" }).setIssuer("https://lms.test").setAudience("client").setIssuedAt().setExpirationTime("5m").sign(privateKey);
    for (const path of ["/missing", "/page"]) {
      const refused = await verifyIdToken(token, { issuer: "https://lms.test", clientId: "client", deploymentIds: ["d"] }, createRemoteJWKSet(new URL(`${base}${path}`)), "n").catch((error: unknown) => error);
      expect(refused, path).toBeInstanceOf(LaunchError);
      expect((refused as LaunchError).title, path).toBe("Keyset unavailable");
    }
  });
});
