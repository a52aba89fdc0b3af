import { createHash, createHmac } from "node:crypto";

export interface SigningKey {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

export interface RequestToSign {
  method: string;
  url: URL;
  /** Headers to sign (host is added from the URL). */
  headers: Record<string, string>;
  payloadHash: string;
  /** yyyymmddThhmmssZ */
  datetime: string;
}

export const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

// RFC 3986 unreserved characters stay; everything else is percent-encoded, as SigV4 requires.
const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * AWS Signature Version 4 for one request: the headers to send (Authorization, x-amz-date, x-amz-content-sha256).
 * Written here rather than pulling in an SDK because S3-compatible storage needs only PUT, GET and DELETE.
 */
export function signRequest(key: SigningKey, request: RequestToSign): Record<string, string> {
  const date = request.datetime.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value.trim()])),
    host: request.url.host,
    "x-amz-content-sha256": request.payloadHash,
    "x-amz-date": request.datetime,
  };
  const names = Object.keys(headers).sort();
  const canonicalPath = request.url.pathname.split("/").map((segment) => encode(decodeURIComponent(segment))).join("/");
  const canonicalQuery = [...request.url.searchParams.entries()]
    .map(([name, value]) => [encode(name), encode(value)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalPath,
    canonicalQuery,
    names.map((name) => `${name}:${headers[name]}\n`).join(""),
    names.join(";"),
    request.payloadHash,
  ].join("\n");
  const scope = `${date}/${key.region}/${key.service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", request.datetime, scope, sha256Hex(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${key.secretAccessKey}`, date), key.region), key.service), "aws4_request");
  const signature = createHmac("sha256", signingKey).update(stringToSign).digest("hex");
  const { host: _host, ...sent } = headers;
  return { ...sent, authorization: `AWS4-HMAC-SHA256 Credential=${key.accessKeyId}/${scope},SignedHeaders=${names.join(";")},Signature=${signature}` };
}

export function amzDatetime(now = new Date()): string {
  return now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}
