import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import { AppError } from "./app-error";

/**
 * Answers a stream of events as JSON lines (application/x-ndjson). The first event is awaited before anything is
 * sent, so a failure that early is still a normal error answer (thrown to the app's error mapping); a later one
 * becomes the line `errorLine` makes, after which the stream ends.
 */
export async function streamJsonLines<T>(c: Context<AppEnv>, events: AsyncIterator<T>, errorLine: (message: string) => T): Promise<Response> {
  const first = await events.next();
  const logger = c.get("logger");
  const encoder = new TextEncoder();
  const line = (value: T) => encoder.encode(`${JSON.stringify(value)}\n`);
  let pending: IteratorResult<T> | undefined = first;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = pending ?? (await events.next());
        pending = undefined;
        if (next.done) controller.close();
        else controller.enqueue(line(next.value));
      } catch (error) {
        if (!(error instanceof AppError)) logger.error({ err: error }, "a streamed answer failed");
        const message = error instanceof AppError ? error.message : "Something went wrong on our side. Please try again; if it keeps happening, contact support.";
        controller.enqueue(line(errorLine(message)));
        controller.close();
      }
    },
    async cancel() {
      await events.return?.();
    },
  });
  return c.body(body, 200, { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-cache", "X-Accel-Buffering": "no" });
}
