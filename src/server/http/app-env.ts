import type { Logger } from "pino";

/** What the middleware puts on every request's context. */
export interface SessionUser {
  id: string;
  email: string;
  username?: string | null;
  /** When this session began (a sign-in): dangerous actions without a password ask for a recent one. */
  sessionCreatedAt?: Date;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    user: SessionUser | null;
  };
}
