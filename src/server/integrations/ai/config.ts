/** Model provider settings; the server's env.ts builds this from AI_PROVIDER, AI_MODEL, AI_API_KEY, AI_BASE_URL, AI_TIMEOUT_MS, AI_READS_IMAGES. */
export const aiProviders = ["openai", "anthropic", "ollama", "openai-compatible"] as const;
export type AiProvider = (typeof aiProviders)[number];

export interface AiConfig {
  provider: AiProvider;
  model: string;
  apiKey?: string;
  baseUrl?: string;
  /** Per attempt. */
  timeoutMs: number;
  /** Extra attempts after the first, with exponential backoff (done by the ai SDK). */
  maxRetries: number;
  /** The model reads images, so a photo of handwriting can be transcribed (AI_READS_IMAGES). */
  readsImages?: boolean;
}
