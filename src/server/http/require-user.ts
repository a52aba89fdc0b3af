import type { Context } from "hono";
import { AppError } from "./app-error";
import type { AppEnv, SessionUser } from "./app-env";

/** The signed-in user of a "session" route (the router has already refused anonymous requests). */
export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw new AppError("unauthorized", "Sign in to continue.");
  return user;
}
