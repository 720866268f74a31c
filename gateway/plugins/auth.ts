import type { MiddlewareHandler } from "hono";
import { bearerFrom, createBearerVerifier, type Principal } from "../../lib/auth.js";
import type { Config } from "../../lib/config.js";
import { ErrorCode } from "../../lib/errors.js";

export type AuthVariables = { principal: Principal; bearer: string };

/**
 * Verifies `Authorization: Bearer <JWT>` once, at the edge. Missing, malformed, unsigned
 * (`alg: none`), expired or badly signed tokens are 401 before any operation runs.
 */
export function useBearerAuth(config: Config, verify: (token: string) => Promise<Principal> = createBearerVerifier(config)): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async function bearerAuth(c, next) {
    const token = bearerFrom(c.req.header("authorization"));
    const reject = (message: string) => {
      c.header("WWW-Authenticate", 'Bearer realm="healthcare-api"');
      return c.json({ errors: [{ message, extensions: { code: ErrorCode.UNAUTHENTICATED } }] }, 401);
    };
    if (!token) return reject("Missing bearer token (Authorization: Bearer <token>)");
    try {
      c.set("principal", await verify(token));
    } catch (err) {
      return reject((err as Error).message);
    }
    c.set("bearer", token);
    await next();
  };
}
