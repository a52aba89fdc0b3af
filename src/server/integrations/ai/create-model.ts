import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import type { AiConfig } from "./config.js";

const defaultOllamaUrl = "http://127.0.0.1:11434/v1";

export function createLanguageModel(config: AiConfig): LanguageModel {
  switch (config.provider) {
    case "openai":
      // .chat() talks to /chat/completions, which OpenAI and compatible gateways both serve.
      return createOpenAI({ ...(config.apiKey ? { apiKey: config.apiKey } : {}), ...(config.baseUrl ? { baseURL: config.baseUrl } : {}) }).chat(config.model);
    case "anthropic":
      return createAnthropic({ ...(config.apiKey ? { apiKey: config.apiKey } : {}), ...(config.baseUrl ? { baseURL: config.baseUrl } : {}) })(config.model);
    case "ollama":
      return createOpenAICompatible({ name: "ollama", baseURL: config.baseUrl ?? defaultOllamaUrl, ...(config.apiKey ? { apiKey: config.apiKey } : {}) }).chatModel(config.model);
    case "openai-compatible":
      if (!config.baseUrl) throw new Error("AI_BASE_URL is required when AI_PROVIDER is openai-compatible.");
      return createOpenAICompatible({
        name: "openai-compatible",
        baseURL: config.baseUrl,
        ...(config.apiKey ? { apiKey: config.apiKey } : {}),
        supportsStructuredOutputs: true,
      }).chatModel(config.model);
  }
}
