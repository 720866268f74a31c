import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { breakingChanges, CHECKED_SCHEMAS, checkAgainstBaseline, describeProblems, readAllowlist, SCHEMA_DIR } from "../scripts/schema-changes.js";

describe("the committed schemas against the last release's baseline", () => {
  it("have no breaking change that schema/breaking-changes-allowed.json does not list with a reason", async () => {
    const check = await checkAgainstBaseline();
    expect(describeProblems(check), "breaking schema changes (see docs/decisions/operations.md)").toEqual([]);
  });
});

const BASE = `
type Query {
  patient(uhid: ID!): Patient!
  patients(search: String): [Patient!]!
}
type Patient {
  uhid: ID!
  givenName: String!
  birthDate: String
}
enum Channel { SMS EMAIL }
`;

describe("the breaking-change finder", () => {
  it("reports a removed field and a changed field type", async () => {
    const changed = BASE.replace("  birthDate: String\n", "").replace("givenName: String!", "givenName: Int!");
    const found = await breakingChanges("api.graphql", BASE, changed);
    expect(found.map((c) => [c.type, c.path])).toEqual(
      expect.arrayContaining([
        ["FIELD_REMOVED", "Patient.birthDate"],
        ["FIELD_TYPE_CHANGED", "Patient.givenName"],
      ]),
    );
    expect(found).toHaveLength(2);
  });

  it("reports a new required argument, a removed enum value and a removed type", async () => {
    const changed = BASE.replace("patients(search: String)", "patients(search: String, pharmacyId: ID!)").replace("SMS EMAIL", "SMS").replace(/enum Channel[^\n]*\n/, "");
    const found = await breakingChanges("api.graphql", BASE, changed);
    expect(found.map((c) => c.type)).toEqual(expect.arrayContaining(["FIELD_ARGUMENT_ADDED", "TYPE_REMOVED"]));
    const narrowed = await breakingChanges("api.graphql", BASE, BASE.replace("SMS EMAIL", "SMS"));
    expect(narrowed.map((c) => [c.type, c.path])).toEqual([["ENUM_VALUE_REMOVED", "Channel.EMAIL"]]);
  });

  it("lets additions pass: a new field, a new optional argument, a new type", async () => {
    const added = BASE.replace("birthDate: String", "birthDate: String\n  familyName: String").replace("patients(search: String)", "patients(search: String, page: Int)") + "type Pharmacy { id: ID! }\n";
    expect(await breakingChanges("api.graphql", BASE, added)).toEqual([]);
  });

  it("reads subgraph SDL with federation directives", async () => {
    const billing = readFileSync(new URL("../schema/billing.graphql", import.meta.url), "utf8");
    const found = await breakingChanges("billing.graphql", billing, withoutPaymentQuery(billing));
    expect(found.map((c) => [c.type, c.path])).toEqual([["FIELD_REMOVED", "Query.payment"]]);
  });
});

/** Billing's SDL without `Query.payment` (its description, arguments and their descriptions included); throws if it is not there. */
function withoutPaymentQuery(sdl: string): string {
  const field = /\n[ \t]*(?:"""[^"]*"""[ \t]*\n[ \t]*)?payment\([\s\S]*?\): Payment!/;
  if (!field.test(sdl)) throw new Error("schema/billing.graphql has no Query.payment field to remove");
  return sdl.replace(field, "");
}

describe("the allowlist", () => {
  /** The committed schemas with Query.payment removed from billing's: one breaking change. */
  function changedSchemaDir(): URL {
    const dir = mkdtempSync(join(tmpdir(), "schema-"));
    for (const file of CHECKED_SCHEMAS) {
      const sdl = readFileSync(new URL(file, SCHEMA_DIR), "utf8");
      writeFileSync(join(dir, file), file === "billing.graphql" ? withoutPaymentQuery(sdl) : sdl);
    }
    return pathToFileURL(`${dir}/`);
  }
  const payment = { schema: "billing.graphql", type: "FIELD_REMOVED", path: "Query.payment" };

  it("fails on an unlisted breaking change and names the entry to add", async () => {
    const check = await checkAgainstBaseline({ schemaDir: changedSchemaDir(), baselineDir: SCHEMA_DIR, allowlist: [] });
    expect(check.unexpected).toEqual([expect.objectContaining(payment)]);
    expect(describeProblems(check)[0]).toContain(JSON.stringify({ ...payment, reason: "…" }));
  });

  it("lets a listed change through, and fails on a stale or an unexplained entry", async () => {
    const listed = await checkAgainstBaseline({ schemaDir: changedSchemaDir(), baselineDir: SCHEMA_DIR, allowlist: [{ ...payment, reason: "payments are read through charges since 0.2" }] });
    expect(describeProblems(listed)).toEqual([]);
    expect(listed.allowed).toEqual([expect.objectContaining(payment)]);
    const unchanged = await checkAgainstBaseline({ schemaDir: SCHEMA_DIR, baselineDir: SCHEMA_DIR, allowlist: [{ ...payment, reason: " " }] });
    expect(unchanged.stale).toEqual([expect.objectContaining(payment)]);
    expect(unchanged.unexplained).toEqual([expect.objectContaining(payment)]);
    expect(describeProblems(unchanged)).toHaveLength(2);
  });

  it("is a JSON file whose every entry names a schema, a change type, a path and a reason", () => {
    for (const entry of readAllowlist()) expect(entry).toEqual({ schema: expect.any(String), type: expect.any(String), path: expect.any(String), reason: expect.stringMatching(/\S/) });
  });
});
