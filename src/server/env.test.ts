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
