import { errorBody } from "../../contracts/errors";
import { setupProgressResponse } from "../../contracts/setup-progress";
import type { ApiRouter } from "../http/api-router";
import type { AppDeps } from "../http/context";
import { requireUser } from "../http/require-user";
import { loadSetupChatProgress } from "../services/setup-chat";

export function registerSetupProgressRoutes(router: ApiRouter, deps: AppDeps): void {
  router.route(
    {
      method: "get",
      path: "/api/setup-wizard/progress",
      summary: "The chat setup's state and checklist, rebuilt from what the teacher has saved (by the chat or the form)",
      tag: "Assistants",
      access: "session",
      responses: { 200: { description: "The saved setup as the chat shows it", schema: setupProgressResponse }, 401: { description: "Not signed in", schema: errorBody } },
    },
    async (c) => c.json(await loadSetupChatProgress(deps.database.db, requireUser(c).id)),
  );
}
