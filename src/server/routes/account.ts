import { deleteCookie } from "hono/cookie";
import { accountSummary as accountSummarySchema, deleteAccountInput } from "../../contracts/account";
import { errorBody } from "../../contracts/errors";
import type { ApiRouter } from "../http/api-router";
import type { AppDeps } from "../http/context";
import { requireUser } from "../http/require-user";
import { deleteAccount } from "../services/account/delete-account";
import { exportAccount } from "../services/account/export-account";
import { accountSummary } from "../services/account/summary";

const unauthorized = { description: "Not signed in", schema: errorBody };

/** The privacy page's promises: see what the account holds, take a copy of it, delete it. */
export function registerAccountRoutes(router: ApiRouter, deps: AppDeps): void {
  const db = deps.database.db;

  router.route(
    {
      method: "get",
      path: "/api/account/summary",
      summary: "What the account holds (named by the delete confirmation) and which proofs deleting it asks for",
      tag: "Account",
      access: "session",
      responses: { 200: { description: "Counts and proofs", schema: accountSummarySchema }, 401: unauthorized },
    },
    async (c) => c.json(await accountSummary(db, requireUser(c).id)),
  );

  router.route(
    {
      method: "get",
      path: "/api/account/export",
      summary: "Download my data: a zip of JSON (account, profile, assignments, submissions, grades, chat) and the original files",
      tag: "Account",
      access: "session",
      responses: { 200: { description: "The zip", contentType: "application/zip" }, 401: unauthorized },
    },
    async (c) => {
      const stream = await exportAccount({ db, storage: deps.storage }, requireUser(c).id);
      const day = new Date().toISOString().slice(0, 10);
      c.header("Content-Type", "application/zip");
      c.header("Content-Disposition", `attachment; filename="markwise-data-${day}.zip"`);
      c.header("Cache-Control", "no-store");
      return c.body(stream);
    },
  );

  router.route(
    {
      method: "post",
      path: "/api/account/delete",
      summary: "Delete my account and everything stored with it (asks for the password and, when on, a two-factor code)",
      tag: "Account",
      access: "session",
      body: deleteAccountInput,
      responses: {
        204: { description: "Deleted; the session cookie is cleared" },
        400: { description: "A proof is missing or the e-mail typed is not this account's", schema: errorBody },
        403: { description: "A proof is wrong, or (without a password) the sign-in is not recent", schema: errorBody },
        429: { description: "Too many attempts", schema: errorBody },
        401: unauthorized,
      },
    },
    async (c, { body }) => {
      const user = requireUser(c);
      await deleteAccount({ db, auth: deps.auth, storage: deps.storage, mailer: deps.mailer, logger: c.get("logger") ?? deps.logger }, user.id, body, user.sessionCreatedAt);
      for (const name of ["markwise.session_token", "markwise.session_data", "__Secure-markwise.session_token", "__Secure-markwise.session_data"]) {
        deleteCookie(c, name, { path: "/", secure: name.startsWith("__Secure-") });
      }
      return c.body(null, 204);
    },
  );
}
