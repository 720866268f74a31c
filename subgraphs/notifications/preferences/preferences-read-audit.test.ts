import type { GraphQLResolveInfo } from "graphql";
import { describe, expect, it } from "vitest";
import type { Principal } from "../../../lib/auth.js";
import type { SubgraphContext } from "../../../lib/context.js";
import { auditPreferencesRead } from "./preferences-read-audit.js";

/** Just what the audit reads of a resolver's info: the root field and the operation's name. */
const info = { path: { key: "notificationPreferences", prev: undefined }, operation: { name: { value: "GetNotificationPreferences" } } } as unknown as GraphQLResolveInfo;

/** A context with no bearer and no gateway: any attempt to record would fail. */
const contextOf = (principal: Principal) => ({ principal, requestId: "r-1", bearer: undefined }) as unknown as SubgraphContext;

describe("auditPreferencesRead", () => {
  it("records nothing when patients read their own preferences", async () => {
    await expect(auditPreferencesRead(contextOf({ sub: "UG-2024-000001", roles: ["patient"], tokenUse: "user" }), "UG-2024-000001", "phone", info)).resolves.toBeUndefined();
  });

  it("refuses a staff read it cannot record (closed, not open): no value leaves unaudited", async () => {
    const ctx = contextOf({ sub: "nurse-1", roles: ["nurse"], tokenUse: "user" });
    await expect(auditPreferencesRead(ctx, "UG-2024-000001", "phone", info)).rejects.toMatchObject({ extensions: { code: "UPSTREAM_UNAVAILABLE" } });
    // A patient with another role reading another patient is staff here.
    await expect(auditPreferencesRead(contextOf({ sub: "UG-2024-000002", roles: ["patient", "physician"], tokenUse: "user" }), "UG-2024-000001", "email", info)).rejects.toMatchObject({ extensions: { code: "UPSTREAM_UNAVAILABLE" } });
  });
});
