import { loadAiSdk } from "./load-ai-sdk";
import type { z } from "zod";
import type { AiConfig } from "./config";
import { createLanguageModel } from "./create-model";

/** One structured answer from the configured model, with the configured retries and a timeout per attempt. */
export async function askForObject<T>(config: AiConfig, schema: z.ZodType<T>, request: { system: string; prompt: string }): Promise<T> {
  const { generateText, Output } = await loadAiSdk();
  const { output } = await generateText({
    model: createLanguageModel(config),
    output: Output.object({ schema }),
    maxRetries: config.maxRetries,
    abortSignal: AbortSignal.timeout(config.timeoutMs),
    system: request.system,
    prompt: request.prompt,
  });
  return output as T;
}
