import { loadAiSdk } from "./load-ai-sdk";
import { maxImageTextChars } from "../../../contracts/assistant";
import type { AiConfig } from "./config";
import { createLanguageModel } from "./create-model";

const system = [
  "You transcribe photos of a teacher's rubric or of a student's handwritten work.",
  "Write out all the text in the image exactly as written, line by line: keep the writer's spelling, punctuation and mistakes,",
  "because the text may be graded. Do not correct, summarise, translate or comment.",
  "Write [illegible] for a word you cannot read. If the image holds no text, answer with nothing.",
].join(" ");

/**
 * The text of a photo as read by the configured model (which must read images: AiConfig.readsImages).
 * Throws when the service fails; the caller falls back to offline reading.
 */
export async function transcribeImage(config: AiConfig, image: { bytes: Uint8Array; mimeType: string }): Promise<string> {
  const { generateText } = await loadAiSdk();
  const { text } = await generateText({
    model: createLanguageModel(config),
    maxRetries: config.maxRetries,
    abortSignal: AbortSignal.timeout(config.timeoutMs),
    system,
    messages: [
      {
        role: "user",
        content: [
          { type: "text", text: "Transcribe the text in this image." },
          { type: "image", image: image.bytes, mediaType: image.mimeType },
        ],
      },
    ],
  });
  return text.trim().slice(0, maxImageTextChars);
}
