import type { MiddlewareHandler } from "hono";
import { outgoingOf } from "./outgoing";

/**
 * The headers every answer carries, pages, files, API answers and errors alike. Scripts only from this server, never
 * inline: an injected <script> in a student's text could not run anyway. Inline styles stay allowed (style attributes
 * and the print page's @page rule); images may be data: and blob: URLs. The rest are the usual hardening headers
 * (the set Helmet and Hono's secureHeaders send by default).
 */
export const securityHeaders: ReadonlyArray<readonly [string, string]> = [
  [
    "Content-Security-Policy",
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  ],
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Cross-Origin-Resource-Policy", "same-origin"],
  ["Origin-Agent-Cluster", "?1"],
  ["Referrer-Policy", "no-referrer"],
  ["Strict-Transport-Security", "max-age=15552000; includeSubDomains"],
  ["X-Content-Type-Options", "nosniff"],
  ["X-DNS-Prefetch-Control", "off"],
  ["X-Download-Options", "noopen"],
  ["X-Frame-Options", "SAMEORIGIN"],
  ["X-Permitted-Cross-Domain-Policies", "none"],
  ["X-XSS-Protection", "0"],
];

/**
 * API answers hold children's work: no browser or proxy keeps them (a shared school computer's next user could find
 * them in its cache). A route that may be kept (an avatar, the LTI configuration) says so itself.
 */
export const apiCacheHeaders: ReadonlyArray<readonly [string, string]> = [["Cache-Control", "private, no-store"]];

/**
 * Sets default headers on Node's outgoing message before the handler runs (outgoing.ts); a header the handler sets
 * itself (the LTI pages' own policy) replaces its default when the answer is written. Elsewhere (a fetch handler
 * without Node's bindings) they are added to the answer where it has none of its own, as Hono's secureHeaders does.
 */
export function setDefaultHeaders(headers: ReadonlyArray<readonly [string, string]>): MiddlewareHandler {
  const asMap = new Map(headers);
  return async (c, next) => {
    const outgoing = outgoingOf(c);
    if (outgoing) {
      outgoing.setHeaders(asMap);
      return next();
    }
    await next();
    for (const [name, value] of headers) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  };
}
