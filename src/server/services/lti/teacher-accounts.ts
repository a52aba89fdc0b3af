import { and, eq } from "drizzle-orm";
import type { Auth } from "../../auth/auth";
import { callAuth } from "../../auth/auth-storage";
import type { Db } from "../../db/client";
import { ltiUsers, users } from "../../db/schema";
import type { Launch } from "../../integrations/lti/claims";
import { LaunchError } from "../../integrations/lti/verify-id-token";
import type { PlatformRow } from "./platforms";

/**
 * The Markwise account of an instructor who launched: the one their platform identity was linked to before; else the
 * account with the e-mail the platform vouches for, if that address was confirmed; else a new account (its address
 * counted as confirmed: only an admin-registered platform can vouch for it). The link is kept, so a later change of
 * e-mail on either side does not move the teacher to another account.
 */
export async function findOrCreateTeacher(db: Db, auth: Auth, platform: PlatformRow, launch: Launch): Promise<string> {
  const [linked] = await db.select({ userId: ltiUsers.userId }).from(ltiUsers).where(and(eq(ltiUsers.platformId, platform.id), eq(ltiUsers.subject, launch.subject)));
  if (linked) return linked.userId;
  if (!launch.email) {
    throw new LaunchError(403, "No e-mail address", `${platform.name} did not send this instructor's e-mail address, which Markwise needs to find or create their account. In the platform's tool settings, share the user's e-mail with Markwise (Canvas: privacy level Public or e-mail only; Moodle: "Share launcher's email with the tool").`);
  }
  const [existing] = await db.select({ id: users.id, emailVerified: users.emailVerified }).from(users).where(eq(users.email, launch.email));
  let userId: string;
  if (existing) {
    if (!existing.emailVerified) {
      throw new LaunchError(403, "E-mail not confirmed", `A Markwise account with ${launch.email} exists but its address was never confirmed, so the launch cannot be linked to it. Confirm the address from the Markwise sign-up e-mail (or sign up again), then launch again.`);
    }
    userId = existing.id;
  } else {
    const context = await auth.$context;
    const account = { email: launch.email, name: launch.name ?? launch.email, emailVerified: true };
    const created = await callAuth(() => context.internalAdapter.createUser(account, { method: "lti" }));
    userId = created.id;
  }
  await db.insert(ltiUsers).values({ platformId: platform.id, subject: launch.subject, userId }).onConflictDoNothing();
  // A launch at the same moment may have linked this identity first: its choice stands.
  const [final] = await db.select({ userId: ltiUsers.userId }).from(ltiUsers).where(and(eq(ltiUsers.platformId, platform.id), eq(ltiUsers.subject, launch.subject)));
  return final!.userId;
}

/** The Set-Cookie headers of a new better-auth session for this teacher (lti-session-plugin.ts). */
export async function signInTeacher(auth: Auth, userId: string, requestHeaders: Headers, crossSite: boolean): Promise<string[]> {
  const { headers } = await callAuth(() => auth.api.signInFromLtiLaunch({ body: { userId, crossSite }, headers: requestHeaders, returnHeaders: true }));
  return headers.getSetCookie();
}
