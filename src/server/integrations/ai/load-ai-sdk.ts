/**
 * The AI SDK is loaded on the first model call: a server with no AI service configured, or one that is idle, need
 * not hold it (issue 16, idle memory). Node keeps the module once loaded, so later calls cost nothing.
 */
export type AiSdk = typeof import("ai");

export function loadAiSdk(): Promise<AiSdk> {
  return import("ai");
}
