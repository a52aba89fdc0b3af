import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const fixturesDir = fileURLToPath(new URL("../fixtures", import.meta.url));

export function fixtureFile(relativePath: string, name = path.basename(relativePath)): File {
  return new File([readFileSync(path.join(fixturesDir, relativePath))], name);
}

export function formWith(fields: Record<string, string | File>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}
