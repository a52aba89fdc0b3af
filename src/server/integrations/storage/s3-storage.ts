import type { FileStorage } from "./file-storage";
import { amzDatetime, sha256Hex, signRequest } from "./sigv4";

export interface S3Config {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://minio.school.internal:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Key prefix inside the bucket, e.g. "markwise/". */
  prefix: string;
}

const safeKey = /^[a-f0-9-]{36}$/;

/** Originals in an S3-compatible bucket (AWS, MinIO, R2...), path-style addressing, signed with SigV4. */
export function createS3FileStorage(config: S3Config): FileStorage {
  const signingKey = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, region: config.region, service: "s3" };
  const urlFor = (key: string) => {
    if (!safeKey.test(key)) throw new Error(`Refusing an unexpected storage key: ${key}`);
    return new URL(`${config.endpoint.replace(/\/$/, "")}/${config.bucket}/${config.prefix}${key}`);
  };
  const send = async (method: "PUT" | "GET" | "DELETE", key: string, body?: Uint8Array) => {
    const url = urlFor(key);
    const headers = signRequest(signingKey, { method, url, headers: {}, payloadHash: sha256Hex(body ?? ""), datetime: amzDatetime() });
    const response = await fetch(url, { method, headers, ...(body ? { body: new Uint8Array(body) as Uint8Array<ArrayBuffer> } : {}) });
    if (!response.ok && !(method === "DELETE" && response.status === 404)) {
      throw new Error(`Storage ${method} ${url.pathname} failed: ${response.status} ${(await response.text()).slice(0, 200)}`);
    }
    return response;
  };
  return {
    kind: "s3",
    async put(key, bytes) {
      await send("PUT", key, bytes);
    },
    async get(key) {
      return Buffer.from(await (await send("GET", key)).arrayBuffer());
    },
    async delete(key) {
      await send("DELETE", key);
    },
  };
}
