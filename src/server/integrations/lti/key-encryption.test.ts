import { describe, expect, it } from "vitest";
import { decryptPrivateKey, encryptPrivateKey } from "./key-encryption";

describe("tool key encryption", () => {
  it("opens what it sealed with the same secret, and nothing with another", () => {
    const sealed = encryptPrivateKey("a".repeat(32), '{"kty":"RSA","d":"secret"}');
    expect(sealed).not.toContain("secret");
    expect(decryptPrivateKey("a".repeat(32), sealed)).toBe('{"kty":"RSA","d":"secret"}');
    expect(decryptPrivateKey("b".repeat(32), sealed)).toBeUndefined();
  });

  it("refuses a sealed key that was altered", () => {
    const sealed = Buffer.from(encryptPrivateKey("a".repeat(32), "private"), "base64url");
    sealed[sealed.length - 1]! ^= 1;
    expect(decryptPrivateKey("a".repeat(32), sealed.toString("base64url"))).toBeUndefined();
  });
});
