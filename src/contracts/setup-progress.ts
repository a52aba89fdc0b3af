import type { z } from "zod";
import { setupChatResponse } from "./assistant";

/**
 * Where the chat setup stands, from what the teacher has saved (by the chat or the form): the same state, checklist
 * and profile text a chat answer carries, and the question the chat would ask next.
 */
export const setupProgressResponse = setupChatResponse.pick({ checklist: true, profileText: true, nextStep: true, askedField: true, state: true });
export type SetupProgress = z.infer<typeof setupProgressResponse>;
