import type { Logger } from "pino";

/** What the middleware puts on every request's context. */
export interface SessionUser {
  id: string;
  email: string;
  username?: string | null;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    user: SessionUser | null;
  };
}
