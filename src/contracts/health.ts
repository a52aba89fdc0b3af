import { z } from "zod";

/**
 * `status` and the HTTP status follow the database alone (a load balancer takes a 503 out of rotation, and another
 * machine's disk would not help). `dataDir` tells whoever runs Markwise that DATA_DIR cannot be written (a full disk,
 * a read-only mount): uploads and the outbox then fail; absent when nothing goes there (PostgreSQL, S3 and SMTP).
 */
export const healthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  db: z.enum(["up", "down"]),
  dataDir: z.enum(["writable", "not_writable"]).optional(),
});
export type HealthResponse = z.infer<typeof healthResponse>;
