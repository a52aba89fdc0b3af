import { z } from "zod";

/** The setup conversation is many short answers (quick actions), so it gets a higher rate than the dashboard chat. */
export const chatLimits = { messageMax: 2000, historyShown: 50, perMinute: 20, setupPerMinute: 60 } as const;

export const chatMessages = {
  failure: "I apologize, but I'm having trouble responding right now. Please try again later.",
  tooLong: `Keep messages within ${chatLimits.messageMax.toLocaleString("en-US")} characters.`,
  empty: "Type a message first.",
  setupFailure: "Sorry, I had trouble processing that. Could you try again?",
  uploadFailed: "Upload failed",
} as const;

/** POST /api/chat: the dashboard assistant. */
export const chatRequest = z.object({
  message: z.string({ error: chatMessages.empty }).trim().min(1, chatMessages.empty).max(chatLimits.messageMax, chatMessages.tooLong),
  /** The teacher's IANA time zone, so "due this week" means their week. */
  timeZone: z.string().max(64).optional(),
});

export const assistantAction = z.discriminatedUnion("type", [
  z.object({ type: z.literal("setStrictness"), value: z.number() }),
  z.object({ type: z.literal("setTone"), value: z.enum(["gentle", "neutral", "direct"]) }),
  z.object({ type: z.literal("navigate"), to: z.string() }),
]);

export const chatResponse = z.object({
  message: z.string(),
  /** What the assistant did or suggests: a changed default (already saved) or a page to open. */
  action: assistantAction.optional(),
  /** "builtin" answers from the teacher's own data without a model; "model" comes from the configured AI provider. */
  source: z.enum(["builtin", "model"]),
});
export type ChatResponse = z.infer<typeof chatResponse>;

/**
 * POST /api/chat/stream answers one JSON object a line (application/x-ndjson): "text" lines as the answer is written,
 * then "done" with the whole answer, or "error" when it failed after it started (the turn is then not kept).
 */
export const chatStreamEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string() }),
  chatResponse.extend({ type: z.literal("done") }),
  z.object({ type: z.literal("error"), message: z.string() }),
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEvent>;

export const chatHistoryResponse = z.object({
  messages: z.array(z.object({ id: z.string(), role: z.enum(["user", "assistant"]), content: z.string(), createdAt: z.string() })),
});

export const setupAttachment = z.object({
  url: z.string().max(500),
  mimeType: z.string().max(100),
  name: z.string().max(300).optional(),
  filename: z.string().max(300).optional(),
  dataUrl: z.string().optional(),
  /** Text read from the image by OCR at upload time. */
  text: z.string().max(100_000).optional(),
});

/**
 * Setup chat images. maxPerMessage is the one limit of images sent with one message, whichever way they are chosen
 * (the message box, a rubric or sample upload card): 5, since the OCR reads one image at a time with 4 waiting
 * (OCR_MAX_WAITING's default) and the message box uploads its images at once; a rubric or a graded essay fits.
 */
export const imageLimits = { maxBytes: 10 * 1024 * 1024, mimeTypes: ["image/png", "image/jpeg", "image/webp", "image/gif"], maxPerMessage: 5 } as const;
export const tooManyImagesMessage = `Attach at most ${imageLimits.maxPerMessage} images.`;

/** POST /api/setup-wizard/chat. The client's setupState is only a hint: the server sanitizes it. */
export const setupChatRequest = z.object({
  message: z.string({ error: chatMessages.empty }).max(200_000, "That message is too long; paste at most 200,000 characters.").default(""),
  setupState: z.unknown().optional(),
  conversationHistory: z.array(z.unknown()).max(500).optional(),
  attachments: z.array(setupAttachment).max(imageLimits.maxPerMessage, tooManyImagesMessage).optional(),
});

export const setupChatResponse = z.object({
  reply: z.string(),
  extractedData: z.record(z.string(), z.unknown()),
  nextStep: z.enum(["welcome", "preferences", "rubric", "samples", "complete"]),
  quickActions: z.array(z.string()),
  profileText: z.string(),
  problems: z.array(z.string()),
  askedField: z.string().optional(),
  checklist: z.object({ welcomeDone: z.boolean(), preferencesSet: z.number(), criteriaCount: z.number(), sampleCount: z.number(), readyToGrade: z.boolean() }),
  /** The sanitized state after this message: keep it and send it back with the next one. */
  state: z.unknown(),
});
export type SetupChatResponse = z.infer<typeof setupChatResponse>;



export const setupUploadInput = z.object({
  image: z.instanceof(File, { error: "Choose an image (PNG, JPEG, WebP or GIF)" }),
});

export const setupUploadResponse = z.object({
  url: z.string(),
  mimeType: z.string(),
  filename: z.string(),
  dataUrl: z.string(),
  /** Text read from the image; empty when none could be read. */
  text: z.string(),
  /** Who read it: an AI service that reads images (handwriting too), or offline OCR (printed text only). */
  reader: z.enum(["model", "printed-text"]),
  /** A model's transcription is used only once the teacher confirms or edits it (PUT .../text). */
  needsConfirmation: z.boolean(),
  /** What the teacher should know about this reading, e.g. that offline reading covers printed text only. */
  notice: z.string().optional(),
});
export type SetupUploadResponse = z.infer<typeof setupUploadResponse>;

/** The longest text kept for one image (a few handwritten pages). */
export const maxImageTextChars = 20_000;

export const setupImageTextInput = z.object({
  text: z
    .string({ error: "Send the text of the image" })
    .trim()
    .min(1, "Type the text of the image, or discard it")
    .max(maxImageTextChars, `Keep the text within ${maxImageTextChars.toLocaleString("en-US")} characters`),
});
export type SetupImageTextInput = z.infer<typeof setupImageTextInput>;

export const setupImageTextResponse = z.object({ url: z.string(), text: z.string() });
export type SetupImageTextResponse = z.infer<typeof setupImageTextResponse>;
