import { z } from "zod";

export const systemStatusResponse = z.object({
  version: z.string(),
  database: z.object({ kind: z.enum(["pglite", "postgres"]), status: z.enum(["up", "down"]) }),
  ai: z.object({ provider: z.string().nullable(), model: z.string().nullable() }),
  mail: z.enum(["smtp", "outbox"]),
  googleSignIn: z.boolean(),
});
export type SystemStatusResponse = z.infer<typeof systemStatusResponse>;
