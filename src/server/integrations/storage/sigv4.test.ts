import { describe, expect, it } from "vitest";
import { sha256Hex, signRequest } from "./sigv4";

describe("signRequest (AWS Signature Version 4)", () => {
  it("reproduces the S3 documentation's example GET of /test.txt with a Range header", () => {
    // The worked example in Amazon S3's "Authenticating Requests (AWS Signature Version 4)" documentation.
    const headers = signRequest(
      { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", region: "us-east-1", service: "s3" },
      { method: "GET", url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"), headers: { Range: "bytes=0-9" }, payloadHash: sha256Hex(""), datetime: "20130524T000000Z" },
    );
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
    expect(headers["x-amz-date"]).toBe("20130524T000000Z");
  });

  it("changes the signature when the payload changes", () => {
    const key = { accessKeyId: "a", secretAccessKey: "b", region: "eu-west-1", service: "s3" };
    const base = { method: "PUT", url: new URL("http://127.0.0.1:9000/bucket/key"), headers: {}, datetime: "20260101T000000Z" };
    expect(signRequest(key, { ...base, payloadHash: sha256Hex("one") }).authorization).not.toBe(signRequest(key, { ...base, payloadHash: sha256Hex("two") }).authorization);
  });
});
