/** An outside service's answer as JSON, or undefined when it is not JSON: the schema check that follows says what is wrong. */
export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
