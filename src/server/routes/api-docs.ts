import type { Hono } from "hono";
import type { ApiRouter } from "../http/api-router";
import type { AppEnv } from "../http/app-env";
import type { AppDeps } from "../http/context";

/** GET /api/openapi.json (built from the route declarations) and a readable reference page at /api/docs. */
export function registerApiDocs(app: Hono<AppEnv>, router: ApiRouter, deps: AppDeps): void {
  app.get("/api/openapi.json", (c) => c.json(router.openApiDocument({ title: "Markwise API", version: deps.version })));
  app.get("/api/docs", (c) => c.html(docsPage));
  app.get("/api/docs.js", (c) => c.body(docsScript, 200, { "Content-Type": "text/javascript; charset=utf-8" }));
}

// A self-contained page (no CDN: schools often block them) that renders the OpenAPI document.
const docsPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Markwise API reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1f2937;background:#f8fafc}
main{max-width:960px;margin:0 auto;padding:24px 16px}
h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:32px 0 8px;border-bottom:1px solid #e5e7eb;padding-bottom:4px}
section{background:#fff;border:1px solid #e5e7eb;border-radius:10px;margin:12px 0;padding:12px 16px}
.m{display:inline-block;min-width:56px;font-weight:700;text-transform:uppercase;font-size:12px;padding:2px 6px;border-radius:6px;background:#e0e7ff;color:#3730a3;text-align:center}
.p{font-family:ui-monospace,monospace;margin-left:8px;word-break:break-all}
.lock{font-size:12px;color:#92400e;background:#fef3c7;border-radius:6px;padding:1px 6px;margin-left:8px}
pre{background:#0f172a;color:#e2e8f0;padding:10px;border-radius:8px;overflow:auto;font-size:12px}
summary{cursor:pointer;color:#4338ca}
</style></head>
<body><main><h1>Markwise API reference</h1>
<p>Every route below is declared with the schema that validates it. Errors always have the shape
<code>{ "error": { "code", "message", "fields" } }</code>. Routes marked <span class="lock">session</span> need a signed-in teacher (session cookie).
The raw document is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<div id="root">Loading...</div></main>
<script type="module" src="/api/docs.js"></script></body></html>`;

// Served as a file of its own: the Content-Security-Policy allows no inline script.
const docsScript = `const doc = await (await fetch("/api/openapi.json")).json();
const root = document.getElementById("root");
root.textContent = "";
const byTag = {};
for (const [path, ops] of Object.entries(doc.paths)) for (const [method, op] of Object.entries(ops)) (byTag[op.tags[0]] ??= []).push({ path, method, op });
const el = (tag, props = {}, ...kids) => { const n = Object.assign(document.createElement(tag), props); n.append(...kids); return n; };
const json = (value) => el("pre", {}, JSON.stringify(value, null, 2));
for (const [tag, ops] of Object.entries(byTag)) {
  root.append(el("h2", {}, tag));
  for (const { path, method, op } of ops) {
    const head = el("div", {}, el("span", { className: "m" }, method), el("span", { className: "p" }, path));
    if (op.security?.length) head.append(el("span", { className: "lock" }, "session"));
    const section = el("section", {}, head, el("p", {}, op.summary));
    if (op.parameters) section.append(el("details", {}, el("summary", {}, "Parameters"), json(op.parameters)));
    if (op.requestBody) section.append(el("details", {}, el("summary", {}, "Request body"), json(op.requestBody.content)));
    section.append(el("details", {}, el("summary", {}, "Responses"), json(op.responses)));
    root.append(section);
  }
}
`;
