/**
 * `path` (starting with "/") under a configured base URL, keeping the base's own path: `new URL(path, base)` would
 * drop it, and a fake or a proxy can live at `http://host/google`. A trailing slash on the base is ignored.
 */
export function urlUnder(baseUrl: string, path: string): URL {
  return new URL(`${baseUrl.replace(/\/$/, "")}${path}`);
}
