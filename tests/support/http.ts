/** A small HTTP client for API tests: JSON in and out, a cookie jar, and an Origin header like a browser's. */
export class TestClient {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, options: { json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { origin: this.baseUrl, ...options.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    let body = options.body;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    }
    const response = await fetch(new URL(path, this.baseUrl), { method, headers, body, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      if (value === "" || /max-age=0/i.test(cookie)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, data: parseJson(text) as any };
  }

  /** The jar as a Cookie header (a load generator sends it as this client would). */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request("GET", path, { headers });
  }

  post(path: string, json?: unknown) {
    return this.request("POST", path, { json });
  }

  put(path: string, json?: unknown) {
    return this.request("PUT", path, { json });
  }

  patch(path: string, json?: unknown) {
    return this.request("PATCH", path, { json });
  }

  delete(path: string) {
    return this.request("DELETE", path);
  }

  /** The cookies this client holds, e.g. to hand a signed-in session to a browser context. */
  cookieList(): { name: string; value: string }[] {
    return [...this.cookies].map(([name, value]) => ({ name, value }));
  }

  hasCookies(): boolean {
    return this.cookies.size > 0;
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
