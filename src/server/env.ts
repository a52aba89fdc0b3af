import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** A full http(s) address: `new URL` of a bare host name throws deep inside the server, which was restarted five times. */
const httpUrl = (name: string, example: string) =>
  optionalText.pipe(z.url({ protocol: /^https?$/, error: `${name} must be a full URL like ${example}` }).optional());

const emailList = z
  .string()
  .transform((value) => value.split(",").map((entry) => entry.trim()).filter(Boolean))
  .pipe(z.array(z.email()));

export const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/**
 * Every setting the server reads, with its default. `.env.example` lists the same names;
 * nothing else in the server reads process.env.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: httpUrl("PUBLIC_URL", "https://markwise.school.org"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  LOG_LEVEL: z.enum(logLevels, { error: `LOG_LEVEL must be one of ${logLevels.join(", ")}` }).default("info"),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1024 * 1024),
  // nodemailer takes a string without a scheme for something else and fails on every mail, long after the start.
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: "SMTP_URL must be a URL such as smtp://user:pass@smtp.school.org:587 (or smtps:// for port 465)" }).optional()),
  MAIL_FROM: z.string().default("Markwise <no-reply@markwise.local>"),
  LEADS_NOTIFY_TO: emailList.default(["sales@markwise.local"]),
  VIDEO_REQUESTS_NOTIFY_TO: emailList.default(["videos@markwise.local"]),
  /** Installation admins (comma-separated e-mails of verified accounts): they alone register learning platforms (LTI). */
  ADMIN_EMAILS: emailList.default([]),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional()),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(24 * 7),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  /**
   * Google's consent page (sign-in, connecting Classroom), OAuth server (code exchange, token renewal, revocation),
   * Classroom API and Drive API: tests and the playground point them at a local fake.
   */
  GOOGLE_ACCOUNTS_BASE_URL: z.url({ error: "GOOGLE_ACCOUNTS_BASE_URL must be a full URL" }).default("https://accounts.google.com"),
  GOOGLE_OAUTH_BASE_URL: z.url({ error: "GOOGLE_OAUTH_BASE_URL must be a full URL" }).default("https://oauth2.googleapis.com"),
  GOOGLE_CLASSROOM_BASE_URL: z.url({ error: "GOOGLE_CLASSROOM_BASE_URL must be a full URL" }).default("https://classroom.googleapis.com"),
  GOOGLE_DRIVE_BASE_URL: z.url({ error: "GOOGLE_DRIVE_BASE_URL must be a full URL" }).default("https://www.googleapis.com"),
  TRUST_PROXY: z.stringbool().default(false),
  TRUSTED_PROXY_COUNT: z.coerce.number().int().min(1, "TRUSTED_PROXY_COUNT must be 1 or more").default(1),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AI_PROVIDER: optionalText.pipe(z.enum(["openai", "anthropic", "ollama", "openai-compatible"], { error: "AI_PROVIDER must be openai, anthropic, ollama or openai-compatible" }).optional()),
  AI_MODEL: optionalText,
  AI_API_KEY: optionalText,
  AI_BASE_URL: optionalText.pipe(z.url().optional()),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** Whether AI_MODEL reads images (photos of handwriting). Unset: yes for openai and anthropic, no for the others. */
  AI_READS_IMAGES: optionalText.pipe(z.stringbool({ error: "AI_READS_IMAGES must be true or false" }).optional()),
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PREFIX: z.string().default(""),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(15 * 60),
  /** off: this process serves requests and queues work but grades nothing (grading runs in other processes). */
  /** Scanned images that may wait for OCR in one process while one is read; beyond that, uploads answer 503 busy. */
  OCR_MAX_WAITING: z.coerce.number().int().min(0).default(4),
  /** Seconds after its last image that the OCR worker stops and gives its memory back. */
  OCR_IDLE_SECONDS: z.coerce.number().positive().default(30),
  GRADING_WORKER: z.enum(["on", "off"], { error: "GRADING_WORKER must be on or off" }).default("on"),
  /** Server processes `npm start` runs on this machine, sharing one port (PostgreSQL only: PGlite is one process's). */
  WEB_CONCURRENCY: z.coerce.number({ error: "WEB_CONCURRENCY must be a whole number from 1 to 64" }).int("WEB_CONCURRENCY must be a whole number from 1 to 64").min(1, "WEB_CONCURRENCY must be a whole number from 1 to 64").max(64, "WEB_CONCURRENCY must be a whole number from 1 to 64").default(1),
}).superRefine((env, context) => {
  // Settings that only work together: one without the other was ignored (AI) or crashed each start (S3).
  const missing = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
  if (env.AI_PROVIDER && !env.AI_MODEL) missing("AI_MODEL", `AI_PROVIDER is ${env.AI_PROVIDER}, so AI_MODEL must name its model (e.g. gpt-4o-mini); or leave both empty for the built-in grader alone`);
  if (env.AI_MODEL && !env.AI_PROVIDER) missing("AI_PROVIDER", "AI_MODEL is set, so AI_PROVIDER must be openai, anthropic, ollama or openai-compatible; or leave both empty for the built-in grader alone");
  if (env.S3_BUCKET) {
    const absent = (["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((name) => !env[name]);
    if (absent.length) missing(absent[0]!, `S3_BUCKET is set, so S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too. Missing: ${absent.join(", ")}; or leave S3_BUCKET empty to keep files under DATA_DIR.`);
  }
});

export type Env = z.infer<typeof envSchema>;

/** The model provider settings, or undefined when grading and chat run on the built-in engine only. */
export function aiConfigFrom(env: Env) {
  if (!env.AI_PROVIDER || !env.AI_MODEL) return undefined;
  // The hosted providers' current models all read images; a local or gateway model must say so.
  const readsImages = env.AI_READS_IMAGES ?? (env.AI_PROVIDER === "openai" || env.AI_PROVIDER === "anthropic");
  return { provider: env.AI_PROVIDER, model: env.AI_MODEL, apiKey: env.AI_API_KEY, baseUrl: env.AI_BASE_URL, timeoutMs: env.AI_TIMEOUT_MS, maxRetries: env.AI_MAX_RETRIES, readsImages };
}

/** Why these settings cannot run several processes, or undefined when they can. */
export function concurrencyProblem(env: Env): string | undefined {
  if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
    return `WEB_CONCURRENCY=${env.WEB_CONCURRENCY} needs DATABASE_URL: the embedded database (PGlite) belongs to one process. Set DATABASE_URL to a PostgreSQL database, or WEB_CONCURRENCY=1.`;
  }
  return undefined;
}

/** S3-compatible storage when S3_BUCKET is set (with its endpoint and keys), else undefined: files go under DATA_DIR. */
export function s3ConfigFrom(env: Env) {
  if (!env.S3_BUCKET) return undefined;
  // loadEnv refuses a bucket without these; this only narrows the types.
  if (!env.S3_ENDPOINT || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
    throw new Error("S3_BUCKET is set, so S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too.");
  }
  return { endpoint: env.S3_ENDPOINT, bucket: env.S3_BUCKET, region: env.S3_REGION, accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY, prefix: env.S3_PREFIX };
}

/** Parses the environment once at boot; a bad value stops the process with a message naming it. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}\nSee .env.example for every setting and its default.`);
  }
  return parsed.data;
}
