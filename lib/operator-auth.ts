import { createHash, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Config } from "./config.js";

/** Operator endpoints: what the API looks like and how it runs, not patient data, but not for anyone either. */
export const OPERATOR_PATHS = ["/metrics", "/schema.graphql", "/openapi.json", "/docs", "/docs/*"] as const;

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * Guards the operator endpoints with ADMIN_TOKEN, presented as `Authorization: Bearer <token>`
 * (Prometheus, the split bridge) or as the password of HTTP Basic (any user name), which a browser
 * asks for by itself, so /docs and the /openapi.json it loads work in a browser. Outside production
 * the endpoints stay open unless ADMIN_TOKEN is set; in production they are closed without it.
 */
export function requireOperatorToken(config: Config): MiddlewareHandler {
  const expected = config.ADMIN_TOKEN ? digest(config.ADMIN_TOKEN) : undefined;
  const enforced = Boolean(expected) || config.NODE_ENV === "production";
  return async function operatorToken(c, next) {
    if (!enforced) return next();
    const presented = tokenFrom(c.req.header("authorization"));
    if (expected && presented !== undefined && timingSafeEqual(digest(presented), expected)) return next();
    return c.json(
      { error: { code: "UNAUTHENTICATED", message: expected ? "This operator endpoint needs ADMIN_TOKEN (Bearer, or Basic password)" : "Operator endpoints are closed: ADMIN_TOKEN is not set" } },
      401,
      { "www-authenticate": 'Basic realm="operator", charset="UTF-8"' },
    );
  };
}

function tokenFrom(header: string | undefined): string | undefined {
  const [scheme, value] = header?.split(" ", 2) ?? [];
  if (!value) return undefined;
  if (scheme.toLowerCase() === "bearer") return value;
  if (scheme.toLowerCase() === "basic") {
    const decoded = Buffer.from(value, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    return colon >= 0 ? decoded.slice(colon + 1) : undefined;
  }
  return undefined;
}
