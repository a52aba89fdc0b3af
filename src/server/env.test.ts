import { describe, expect, it } from "vitest";
import { aiConfigFrom, loadEnv } from "./env";

const readsImages = (source: Record<string, string>) => aiConfigFrom(loadEnv({ AI_MODEL: "m", ...source }))?.readsImages;

describe("AI_READS_IMAGES", () => {
  it("defaults to yes for the hosted providers and no for a local or gateway model", () => {
    expect(readsImages({ AI_PROVIDER: "openai" })).toBe(true);
    expect(readsImages({ AI_PROVIDER: "anthropic" })).toBe(true);
    expect(readsImages({ AI_PROVIDER: "ollama" })).toBe(false);
    expect(readsImages({ AI_PROVIDER: "openai-compatible", AI_BASE_URL: "http://127.0.0.1:9/v1" })).toBe(false);
  });

  it("follows the setting when it is given, and says what to fix when it is not a yes or no", () => {
    expect(readsImages({ AI_PROVIDER: "ollama", AI_READS_IMAGES: "true" })).toBe(true);
    expect(readsImages({ AI_PROVIDER: "openai", AI_READS_IMAGES: "false" })).toBe(false);
    expect(readsImages({ AI_PROVIDER: "openai", AI_READS_IMAGES: "" })).toBe(true);
    expect(() => loadEnv({ AI_READS_IMAGES: "maybe" })).toThrow("AI_READS_IMAGES must be true or false");
  });
});

describe("settings refused at start with a line naming the setting and what to write", () => {
  it("takes SMTP_URL only as an smtp:// or smtps:// URL", () => {
    expect(() => loadEnv({ SMTP_URL: "smtp.school.org" })).toThrow("SMTP_URL must be a URL such as smtp://user:pass@smtp.school.org:587");
    expect(() => loadEnv({ SMTP_URL: "https://smtp.school.org" })).toThrow("SMTP_URL must be a URL such as smtp://");
    expect(loadEnv({ SMTP_URL: "smtp://user:pass@smtp.school.org:587" }).SMTP_URL).toBe("smtp://user:pass@smtp.school.org:587");
    expect(loadEnv({ SMTP_URL: "smtps://smtp.school.org" }).SMTP_URL).toBe("smtps://smtp.school.org");
    expect(loadEnv({ SMTP_URL: "" }).SMTP_URL).toBeUndefined();
  });

  it("takes PUBLIC_URL only as a full http(s) URL", () => {
    expect(() => loadEnv({ PUBLIC_URL: "example.org" })).toThrow("PUBLIC_URL must be a full URL like https://markwise.school.org");
    expect(() => loadEnv({ PUBLIC_URL: "ftp://example.org" })).toThrow("PUBLIC_URL must be a full URL");
    expect(loadEnv({ PUBLIC_URL: "https://markwise.school.org" }).PUBLIC_URL).toBe("https://markwise.school.org");
    expect(loadEnv({ PUBLIC_URL: "" }).PUBLIC_URL).toBeUndefined();
  });

  it("names LOG_LEVEL and its choices", () => {
    expect(() => loadEnv({ LOG_LEVEL: "verbose" })).toThrow("LOG_LEVEL: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent");
  });

  it("refuses AI_PROVIDER without AI_MODEL and the reverse; neither is the built-in grader alone", () => {
    expect(() => loadEnv({ AI_PROVIDER: "openai" })).toThrow("AI_MODEL: AI_PROVIDER is openai, so AI_MODEL must name its model");
    expect(() => loadEnv({ AI_MODEL: "gpt-4o-mini" })).toThrow("AI_PROVIDER: AI_MODEL is set, so AI_PROVIDER must be openai, anthropic, ollama or openai-compatible");
    expect(aiConfigFrom(loadEnv({}))).toBeUndefined();
    expect(aiConfigFrom(loadEnv({ AI_PROVIDER: "ollama", AI_MODEL: "llama3.1" }))?.model).toBe("llama3.1");
  });

  it("refuses S3_BUCKET without its endpoint and keys, naming the missing ones", () => {
    expect(() => loadEnv({ S3_BUCKET: "b", S3_ENDPOINT: "https://s3.school.org" })).toThrow("Missing: S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY; or leave S3_BUCKET empty");
  });
});
