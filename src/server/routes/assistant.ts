import { chatHistoryResponse, chatLimits, chatRequest, chatResponse, chatStreamEvent, type ChatStreamEvent, imageLimits, setupChatRequest, setupChatResponse, setupImageTextInput, setupImageTextResponse, setupUploadInput, setupUploadResponse } from "../../contracts/assistant";
import { z } from "zod";
import { errorBody } from "../../contracts/errors";
import { countAttempt, describeWait } from "../auth/rate-limit";
import { aiConfigFrom } from "../env";
import type { Context } from "hono";
import type { ApiRouter } from "../http/api-router";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../http/app-error";
import { streamJsonLines } from "../http/ndjson";
import type { AppDeps } from "../http/context";
import { requireUser } from "../http/require-user";
import { answerChat, clearChat, listChatMessages, streamChat } from "../services/chat";
import { answerSetupChat } from "../services/setup-chat";
import { confirmSetupImageText } from "../services/setup-image-text";
import { storeSetupImage } from "../services/setup-uploads";

const unauthorized = { description: "Not signed in", schema: errorBody };
const limited = { description: "Too many messages; the message says when to try again", schema: errorBody };

export function registerAssistantRoutes(router: ApiRouter, deps: AppDeps): void {
  const db = deps.database.db;
  const ai = aiConfigFrom(deps.env);

  /** Per-teacher limit shared by every process (the counters live in the database). */
  const limitMessages = async (c: Context<AppEnv>, key: string, perMinute: number) => {
    const counter = await countAttempt(db, key, 60);
    if (counter.count > perMinute) {
      c.header("Retry-After", String(counter.retryAfterSeconds));
      throw new AppError("rate_limited", `You are sending messages faster than I can answer. Try again in ${describeWait(counter.retryAfterSeconds)}.`);
    }
  };

  router.route(
    {
      method: "get",
      path: "/api/chat",
      summary: "The dashboard assistant's conversation with this teacher (latest 50 messages)",
      tag: "Assistants",
      access: "session",
      responses: { 200: { description: "Messages, oldest first", schema: chatHistoryResponse }, 401: unauthorized },
    },
    async (c) => c.json({ messages: await listChatMessages(db, requireUser(c).id, chatLimits.historyShown) }),
  );

  router.route(
    {
      method: "delete",
      path: "/api/chat",
      summary: "Forget the conversation",
      tag: "Assistants",
      access: "session",
      responses: { 204: { description: "Cleared" }, 401: unauthorized },
    },
    async (c) => {
      await clearChat(db, requireUser(c).id);
      return c.body(null, 204);
    },
  );

  router.route(
    {
      method: "post",
      path: "/api/chat",
      summary: "Ask the dashboard assistant (built-in answers from your data; open conversation with a configured model)",
      tag: "Assistants",
      access: "session",
      body: chatRequest,
      responses: { 200: { description: "The answer", schema: chatResponse }, 400: { description: "Empty or too long", schema: errorBody }, 429: limited, 401: unauthorized },
    },
    async (c, { body }) => {
      const teacherId = requireUser(c).id;
      await limitMessages(c, `chat:${teacherId}`, chatLimits.perMinute);
      return c.json(await answerChat({ db, logger: c.get("logger"), ...(ai ? { ai } : {}) }, teacherId, body.message, body.timeZone));
    },
  );

  router.route(
    {
      method: "post",
      path: "/api/chat/stream",
      summary: "Ask the dashboard assistant and read the answer as it is written (one JSON object a line)",
      tag: "Assistants",
      access: "session",
      body: chatRequest,
      responses: {
        200: { description: '"text" lines as the answer is written, then "done" with the whole answer; "error" if it failed after it started', schema: chatStreamEvent, contentType: "application/x-ndjson" },
        400: { description: "Empty or too long", schema: errorBody },
        429: limited,
        401: unauthorized,
        503: { description: "The AI provider failed before the answer started", schema: errorBody },
      },
    },
    async (c, { body }) => {
      const teacherId = requireUser(c).id;
      await limitMessages(c, `chat:${teacherId}`, chatLimits.perMinute);
      const events = streamChat({ db, logger: c.get("logger"), ...(ai ? { ai } : {}) }, teacherId, body.message, body.timeZone, c.req.raw.signal);
      return streamJsonLines<ChatStreamEvent>(c, events, (message) => ({ type: "error", message }));
    },
  );

  router.route(
    {
      method: "post",
      path: "/api/setup-wizard/chat",
      summary: "One turn of the chat-based setup: reads the message, updates the (sanitized) state, asks the next question",
      tag: "Assistants",
      access: "session",
      body: setupChatRequest,
      maxBodyBytes: 2 * 1024 * 1024,
      responses: { 200: { description: "The reply and the new state", schema: setupChatResponse }, 400: { description: "Invalid request", schema: errorBody }, 429: limited, 401: unauthorized },
    },
    async (c, { body }) => {
      const teacherId = requireUser(c).id;
      await limitMessages(c, `setup-chat:${teacherId}`, chatLimits.setupPerMinute);
      return c.json(await answerSetupChat({ db, logger: c.get("logger"), spellChecker: deps.spellChecker, ...(ai ? { ai } : {}) }, teacherId, body));
    },
  );

  router.route(
    {
      method: "post",
      path: "/api/setup-wizard/upload",
      summary:
        "Upload an image of a rubric or graded sample (PNG, JPEG, WebP, GIF). A model that reads images transcribes it (used once the teacher confirms the text); without one its printed text is read offline",
      tag: "Assistants",
      access: "session",
      bodyType: "multipart",
      body: setupUploadInput,
      maxBodyBytes: imageLimits.maxBytes + 256 * 1024,
      responses: {
        200: { description: "Where the image is (owner only), its data URL and the text read from it", schema: setupUploadResponse },
        413: { description: "Larger than 10 MB", schema: errorBody },
        415: { description: "Not an image", schema: errorBody },
        401: unauthorized,
      },
    },
    async (c, { body }) => c.json(await storeSetupImage({ db, storage: deps.storage, ocr: deps.ocr, logger: c.get("logger"), ...(ai ? { ai } : {}) }, requireUser(c).id, body.image)),
  );

  router.route(
    {
      method: "put",
      path: "/api/setup-wizard/uploads/:id/text",
      summary: "Confirm or correct the text read from an uploaded image; the setup chat uses this text from then on",
      tag: "Assistants",
      access: "session",
      params: z.object({ id: z.string() }),
      body: setupImageTextInput,
      responses: {
        200: { description: "The text kept for the image", schema: setupImageTextResponse },
        400: { description: "No text, or too long", schema: errorBody },
        404: { description: "No such image of this teacher", schema: errorBody },
        401: unauthorized,
      },
    },
    async (c, { params, body }) => c.json(await confirmSetupImageText(db, requireUser(c).id, params.id, body)),
  );
}
