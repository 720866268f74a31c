/**
 * Mints a development access token signed with JWT_SECRET (or the development secret).
 *
 *   npm run token -- --role pharmacist --pharmacy 6a0c1d1e-0000-4000-8000-000000000001 [--sub alice] [--expires 8h]
 */
import { parseArgs } from "node:util";
import { mintToken, USER_ROLES, type UserRole } from "../lib/auth.js";
import { loadConfig } from "../lib/config.js";

const { values } = parseArgs({
  options: {
    role: { type: "string", multiple: true, default: ["admin"] },
    pharmacy: { type: "string" },
    sub: { type: "string" },
    expires: { type: "string", default: "8h" },
  },
});
const config = loadConfig();
if (config.JWKS_URL && !config.JWT_SECRET) {
  console.error("This service verifies tokens against JWKS_URL: get a token from your identity provider.");
  process.exit(2);
}
const roles = values.role!.flatMap((r) => r.split(",")) as UserRole[];
const bad = roles.filter((r) => !USER_ROLES.includes(r));
if (bad.length) {
  console.error(`Unknown role(s): ${bad.join(", ")}. Roles: ${USER_ROLES.join(", ")}`);
  process.exit(2);
}
const token = await mintToken(config.jwtSecret, {
  sub: values.sub ?? `dev-${roles[0]}`,
  roles,
  pharmacyId: values.pharmacy,
  expiresIn: values.expires,
  issuer: config.JWT_ISSUER,
  audience: config.JWT_AUDIENCE,
});
console.log(token);
