import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { AppError, badJsonMessage } from "./app-error";
import { assertJsonDepth } from "./json-depth";
import { parseOrThrow } from "./validation";
import type { AppEnv } from "./app-env";

type Method = "get" | "post" | "put" | "patch" | "delete";
type AnyObject = z.ZodType<Record<string, unknown>>;

export interface RouteResponse {
  description: string;
  schema?: z.ZodType;
  /** The media type the schema describes; JSON unless told (a stream of JSON lines is application/x-ndjson). */
  contentType?: string;
}

export interface RouteSpec<B extends z.ZodType | undefined, Q extends AnyObject | undefined, P extends AnyObject | undefined> {
  /** How the body arrives: JSON (default) or multipart/form-data (uploads; files are `File` values). */
  bodyType?: "json" | "multipart";
  method: Method;
  /** Hono path syntax (`/api/items/:id`); the OpenAPI document shows it as `/api/items/{id}`. */
  path: string;
  summary: string;
  tag: string;
  /** "public" routes answer anyone; "session" routes need a signed-in user. */
  access: "public" | "session";
  body?: B;
  query?: Q;
  params?: P;
  /** Overrides the default request size limit (uploads). */
  maxBodyBytes?: number;
  /** What a request over that limit is told (an upload's says the file's limit, not the form's). */
  tooLargeMessage?: string;
  responses: Record<number, RouteResponse>;
}

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteInput<B, Q, P> {
  body: Parsed<B>;
  query: Parsed<Q>;
  params: Parsed<P>;
}

type Handler<B, Q, P> = (c: Context<AppEnv>, input: RouteInput<B, Q, P>) => Response | Promise<Response>;

/**
 * Declares routes together with their zod contracts: every route parses its input before the handler
 * runs, and the same declarations produce the OpenAPI document, so the API describes itself.
 */
export class ApiRouter {
  private readonly specs: RouteSpec<z.ZodType | undefined, AnyObject | undefined, AnyObject | undefined>[] = [];

  constructor(
    private readonly app: Hono<AppEnv>,
    private readonly defaultMaxBodyBytes: number,
  ) {}

  route<B extends z.ZodType | undefined = undefined, Q extends AnyObject | undefined = undefined, P extends AnyObject | undefined = undefined>(
    spec: RouteSpec<B, Q, P>,
    handler: Handler<B, Q, P>,
  ): void {
    this.specs.push(spec as never);
    const limit = bodyLimit({
      maxSize: spec.maxBodyBytes ?? this.defaultMaxBodyBytes,
      onError: () => {
        throw new AppError("payload_too_large", spec.tooLargeMessage ?? `The request is too large. The limit is ${formatBytes(spec.maxBodyBytes ?? this.defaultMaxBodyBytes)}.`);
      },
    });
    const handle = async (c: Context<AppEnv>) => {
      if (spec.access === "session" && !c.get("user")) {
        throw new AppError("unauthorized", "Sign in to continue.");
      }
      const params = spec.params ? parseOrThrow(spec.params, c.req.param(), "address") : undefined;
      const query = spec.query ? parseOrThrow(spec.query, c.req.query(), "query string") : undefined;
      const raw = spec.bodyType === "multipart" ? await readForm(c) : spec.body ? await readJson(c) : undefined;
      const body = spec.body ? parseOrThrow(spec.body, raw, spec.bodyType === "multipart" ? "upload" : "request body") : undefined;
      return handler(c, { body, query, params } as RouteInput<B, Q, P>);
    };
    // Reading `body` makes the Node adapter build a full Request (about a tenth of a GET's time): a GET, which has no
    // body, skips the limit.
    if (spec.method === "get") this.app.on("GET", spec.path, handle);
    else this.app.on(spec.method.toUpperCase(), spec.path, limit, handle);
  }

  /** Adds a route served by something else (better-auth) to the OpenAPI document, so the reference is complete. */
  describe(spec: Omit<RouteSpec<z.ZodType | undefined, AnyObject | undefined, AnyObject | undefined>, "maxBodyBytes">): void {
    this.specs.push(spec);
  }

  /**
   * The methods the declared routes answer at a path ("/api/assignments/1" -> GET, PUT), HEAD with GET: for the 405
   * a wrong method gets where the address exists. Only the not-found path asks, so a served request pays nothing.
   */
  allowedMethods(path: string): string[] {
    const methods = new Set(this.specs.filter((spec) => pathMatches(spec.path, path)).map((spec) => spec.method.toUpperCase()));
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].sort();
  }

  /** The OpenAPI 3.1 document built from every declared route. */
  openApiDocument(info: { title: string; version: string }): Record<string, unknown> {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const spec of this.specs) {
      const openApiPath = spec.path.replace(/:(\w+)/g, "{$1}");
      const parameters = [
        ...objectParameters(spec.params, "path"),
        ...objectParameters(spec.query, "query"),
      ];
      paths[openApiPath] ??= {};
      paths[openApiPath][spec.method] = {
        summary: spec.summary,
        tags: [spec.tag],
        ...(spec.access === "session" ? { security: [{ session: [] }] } : { security: [] }),
        ...(parameters.length ? { parameters } : {}),
        ...(spec.body
          ? { requestBody: { required: true, content: { [spec.bodyType === "multipart" ? "multipart/form-data" : "application/json"]: { schema: jsonSchema(spec.body, "input") } } } }
          : {}),
        responses: Object.fromEntries(
          Object.entries(spec.responses).map(([status, response]) => [
            status,
            {
              description: response.description,
              ...(response.schema ? { content: { [response.contentType ?? "application/json"]: { schema: jsonSchema(response.schema, "output") } } } : {}),
            },
          ]),
        ),
      };
    }
    return {
      openapi: "3.1.0",
      info,
      components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "markwise.session_token" } } },
      paths,
    };
  }
}

/** Whether a route's path (`/api/items/:id`, or `{id}` in a described one) matches a request's path, segment by segment. */
function pathMatches(pattern: string, path: string): boolean {
  const want = pattern.split("/");
  const have = path.replace(/\/+$/, "").split("/");
  return want.length === have.length && want.every((segment, i) => (/^(:\w+|\{\w+\})$/.test(segment) ? have[i] !== "" : segment === have[i]));
}

async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  // A request with no body at all (POST .../regrade) is an empty input: the schema decides whether that is enough.
  if (!type && (c.req.header("content-length") ?? "0") === "0" && !c.req.header("transfer-encoding")) return undefined;
  // The media type itself, not a substring: "text/plain; application/json" is a form a page can send without asking.
  if (type.split(";")[0]!.trim().toLowerCase() !== "application/json") {
    throw new AppError("unsupported_media_type", "Send the request body as JSON with the header Content-Type: application/json.");
  }
  let text: string;
  try {
    // Bytes that are not UTF-8 were decoded as U+FFFD and stored as "���" in a name or a bio (outside audit).
    text = strictUtf8.decode(await c.req.arrayBuffer());
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("bad_request", "The request body is not valid UTF-8 text. Send the JSON encoded as UTF-8.");
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError("bad_request", badJsonMessage);
  }
  assertJsonDepth(body);
  return body;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

async function readForm(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (!type.includes("multipart/form-data")) {
    throw new AppError("unsupported_media_type", "Send the upload as multipart/form-data.");
  }
  try {
    // all: a field sent several times (files) arrives as a list rather than only its last value.
    // A plain object (Hono's has no prototype), so validation strips control characters from its text fields too.
    return { ...(await c.req.parseBody({ all: true })) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("bad_request", "The upload could not be read. Try again, or choose the file again.");
  }
}

function jsonSchema(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
}

function objectParameters(schema: AnyObject | undefined, where: "path" | "query"): Record<string, unknown>[] {
  if (!schema) return [];
  const json = jsonSchema(schema, "input") as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || (json.required ?? []).includes(name),
    schema: property,
  }));
}

/** In the units every limit is set in (1 MB = 1024 KB = 1,048,576 bytes), so "10 MB" reads as 10 MB everywhere. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}
