import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake model does with the next requests. */
export type FakeBehaviour =
  | { kind: "answer"; content: (request: FakeChatRequest) => string }
  | { kind: "slow"; delayMs: number; content?: (request: FakeChatRequest) => string }
  | { kind: "http-error"; status: number; message: string }
  /** Answers the next requests in order: a tool call (the model asking to run a tool) or text. */
  | { kind: "script"; replies: Array<{ toolCall: { name: string; arguments: Record<string, unknown> } } | { content: string }> }
  /**
   * Streams these chunks (to a request with stream: true; others get them joined). `hold` sends the chunks before
   * `at`, then waits for `until`; `failMidway` sends an error event after the chunks instead of finishing.
   */
  | { kind: "stream"; chunks: string[]; hold?: { at: number; until: Promise<void> }; failMidway?: boolean };

export interface FakeChatRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  body: Record<string, unknown>;
}

export interface FakeOpenAiServer {
  /** Base URL to give a provider, ending in /v1. */
  baseUrl: string;
  requests: FakeChatRequest[];
  behave(behaviour: FakeBehaviour): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function toolCallCompletion(model: string, name: string, args: Record<string, unknown>) {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: null, tool_calls: [{ id: `call_${Date.now()}`, type: "function", function: { name, arguments: JSON.stringify(args) } }] },
        finish_reason: "tool_calls",
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function completion(model: string, content: string) {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

type StreamedReply = { toolCall: { name: string; arguments: Record<string, unknown> } } | { chunks: string[] };

/** A text split into a few chunks at word boundaries, so a streamed answer arrives in several deltas. */
function chunksOf(content: string): string[] {
  const words = content.match(/\S+\s*/g) ?? [content];
  const size = Math.max(1, Math.ceil(words.length / 3));
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += size) chunks.push(words.slice(i, i + size).join(""));
  return chunks.length ? chunks : [""];
}

function chunk(model: string, delta: Record<string, unknown>, finishReason: string | null = null) {
  return { id: "chatcmpl-fake-stream", object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, delta, finish_reason: finishReason }] };
}

/** Answers as Server-Sent Events in the chat-completions chunk format, ending with data: [DONE]. */
async function streamReply(res: ServerResponse, model: string, reply: StreamedReply, options: { hold?: { at: number; until: Promise<void> }; failMidway?: boolean } = {}) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  send(chunk(model, { role: "assistant", content: "" }));
  if ("toolCall" in reply) {
    const call = { index: 0, id: `call_${Date.now()}`, type: "function", function: { name: reply.toolCall.name, arguments: JSON.stringify(reply.toolCall.arguments) } };
    send(chunk(model, { tool_calls: [call] }));
    send(chunk(model, {}, "tool_calls"));
  } else {
    for (const [index, content] of reply.chunks.entries()) {
      if (options.hold && index === options.hold.at) await options.hold.until;
      if (res.destroyed) return;
      send(chunk(model, { content }));
    }
    if (options.failMidway) {
      send({ error: { message: "The server had an error while processing your request.", type: "server_error", code: null } });
      res.end();
      return;
    }
    send(chunk(model, {}, "stop"));
  }
  res.write("data: [DONE]\n\n");
  res.end();
}

/** A real HTTP server speaking the OpenAI chat-completions protocol, for tests of the model path. */
export async function startFakeOpenAiServer(initial: FakeBehaviour = { kind: "answer", content: () => "{}" }): Promise<FakeOpenAiServer> {
  let behaviour = initial;
  const requests: FakeChatRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    const request: FakeChatRequest = {
      model: String(body.model),
      messages: (body.messages as FakeChatRequest["messages"]) ?? [],
      body,
    };
    requests.push(request);
    const current = behaviour;
    if (current.kind === "http-error") {
      res.writeHead(current.status, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: current.message } }));
      return;
    }
    const isStream = body.stream === true;
    if (current.kind === "stream") {
      if (isStream) await streamReply(res, request.model, { chunks: current.chunks }, current);
      else res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(completion(request.model, current.chunks.join(""))));
      return;
    }
    if (current.kind === "script") {
      const reply = current.replies.shift() ?? { content: "" };
      if (isStream) {
        await streamReply(res, request.model, "toolCall" in reply ? reply : { chunks: chunksOf(reply.content) });
        return;
      }
      const answer = "toolCall" in reply ? toolCallCompletion(request.model, reply.toolCall.name, reply.toolCall.arguments) : completion(request.model, reply.content);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
      return;
    }
    if (current.kind === "slow") {
      const timer = setTimeout(() => {
        if (!res.writableEnded && !res.destroyed) {
          res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(completion(request.model, current.content?.(request) ?? "{}")));
        }
      }, current.delayMs);
      res.on("close", () => clearTimeout(timer));
      return;
    }
    if (isStream) {
      await streamReply(res, request.model, { chunks: chunksOf(current.content(request)) });
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(completion(request.model, current.content(request))));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    behave(next) {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The server settings that point Markwise at a fake model server: one model, no retries, a short timeout. */
export function fakeModelEnv(fake: FakeOpenAiServer): Record<string, string> {
  return { AI_PROVIDER: "openai-compatible", AI_MODEL: "fake-model", AI_BASE_URL: fake.baseUrl, AI_MAX_RETRIES: "0", AI_TIMEOUT_MS: "5000" };
}
