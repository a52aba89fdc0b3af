import type { Logger } from "pino";
import type { Env } from "../env";
import type { Database } from "../db/client";
import type { Mailer } from "../integrations/mail/mailer";
import type { Auth } from "../auth/auth";
import type { FileStorage } from "../integrations/storage/file-storage";
import type { ImageTextReader } from "../integrations/ocr/image-text-reader";
import type { SpellChecker } from "../../core/grading";
import type { JobQueue } from "../integrations/jobs/job-queue";
import type { ClassAnalyses } from "../services/submissions/class-analyses";
import type { GradingQueue } from "../services/submissions/grading-queue";

/** Everything a route may use, built once at boot (or per test) and passed to createApp. */
export interface AppDeps {
  env: Env;
  database: Database;
  mailer: Mailer;
  logger: Logger;
  auth: Auth;
  storage: FileStorage;
  /** Offline OCR for uploaded images. */
  ocr: ImageTextReader;
  /** The grading engine's spell checker, loaded once per process. */
  spellChecker: SpellChecker;
  /** The address people use to reach this server (links in e-mails, trusted origin). */
  publicUrl: string;
  /** Origins a state-changing request may come from. */
  trustedOrigins: string[];
  /** Folder with the built client; omitted in API-only tests. */
  staticRoot?: string;
  version: string;
  /** The durable job queue (pg-boss on PostgreSQL, the embedded worker on PGlite). */
  jobs: JobQueue;
  /** Queues grading and similarity work. */
  grading: GradingQueue;
  /** The classes' texts analysed, shared by the grading worker and the proposals of what to grade first. */
  classAnalyses: ClassAnalyses;
}
