import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake model does with the next requests. */
export type FakeBehaviour =
  | { kind: "answer"; content: (request: FakeChatRequest) => string }
  | { kind: "slow"; delayMs: number; content?: (request: FakeChatRequest) => string }
  | { kind: "http-error"; status: number; message: string }
  /** Answers the next requests in order: a tool call (the model asking to run a tool) or text. */
  | { kind: "script"; replies: Array<{ toolCall: { name: string; arguments: Record<string, unknown> } } | { content: string }> };

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
    if (current.kind === "script") {
      const reply = current.replies.shift() ?? { content: "" };
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
