/**
 * The breaking-schema check: the committed schemas (schema/api.graphql, what clients see, and each
 * subgraph's SDL, what a federation router composes) against the baseline of the last release
 * (schema/baseline/), with @graphql-inspector/core. A breaking change fails unless
 * schema/breaking-changes-allowed.json lists it with a reason; non-breaking additions pass.
 * test/schema-breaking.test.ts runs it (so CI does); `npm run schema:baseline` starts a new release.
 */
import { readFileSync } from "node:fs";
import { CriticalityLevel, diff, type Change } from "@graphql-inspector/core";
import { buildSchema } from "graphql";

/** The schemas compared: the client-facing API and each subgraph (the supergraph is derived from them). */
export const CHECKED_SCHEMAS = ["api.graphql", "billing.graphql", "clinical.graphql", "notifications.graphql", "pharmacy.graphql"] as const;

export const SCHEMA_DIR = new URL("../schema/", import.meta.url);
export const BASELINE_DIR = new URL("../schema/baseline/", import.meta.url);
export const ALLOWLIST_FILE = new URL("../schema/breaking-changes-allowed.json", import.meta.url);

export interface BreakingChange {
  /** Which schema file, e.g. "api.graphql". */
  schema: string;
  /** graphql-inspector's change type, e.g. FIELD_REMOVED, FIELD_TYPE_CHANGED. */
  type: string;
  /** The schema coordinate, e.g. "Query.patient" or "Patient.givenName". */
  path: string;
  message: string;
}

export interface AllowedChange {
  schema: string;
  type: string;
  path: string;
  /** Why clients can live with it (who was told, what replaces it). Required. */
  reason: string;
}

/**
 * Breaking changes from `baselineSdl` to `currentSdl`. Subgraph SDL carries federation directives
 * (@link, @key) without their definitions, so SDL validation is skipped: the SDL is our own output.
 */
export async function breakingChanges(schema: string, baselineSdl: string, currentSdl: string): Promise<BreakingChange[]> {
  const changes: Change[] = await diff(buildSchema(baselineSdl, { assumeValidSDL: true }), buildSchema(currentSdl, { assumeValidSDL: true }));
  return changes
    .filter((c) => c.criticality.level === CriticalityLevel.Breaking)
    .map((c) => ({ schema, type: c.type, path: c.path ?? "", message: c.message }));
}

export interface SchemaCheck {
  /** Breaking changes not in the allowlist: each one fails the check. */
  unexpected: BreakingChange[];
  /** Allowlist entries that match no breaking change any more (remove them, or cut a baseline). */
  stale: AllowedChange[];
  /** Allowlist entries without a reason. */
  unexplained: AllowedChange[];
  allowed: BreakingChange[];
}

const key = (c: { schema: string; type: string; path: string }) => `${c.schema} ${c.type} ${c.path}`;

/** Checks every committed schema against its baseline and the allowlist. */
export async function checkAgainstBaseline(o: { schemaDir?: URL; baselineDir?: URL; allowlist?: AllowedChange[] } = {}): Promise<SchemaCheck> {
  const allowlist = o.allowlist ?? readAllowlist();
  const found: BreakingChange[] = [];
  for (const file of CHECKED_SCHEMAS) {
    const baseline = readFileSync(new URL(file, o.baselineDir ?? BASELINE_DIR), "utf8");
    const current = readFileSync(new URL(file, o.schemaDir ?? SCHEMA_DIR), "utf8");
    found.push(...(await breakingChanges(file, baseline, current)));
  }
  const allowedKeys = new Set(allowlist.map(key));
  const foundKeys = new Set(found.map(key));
  return {
    unexpected: found.filter((c) => !allowedKeys.has(key(c))),
    allowed: found.filter((c) => allowedKeys.has(key(c))),
    stale: allowlist.filter((a) => !foundKeys.has(key(a))),
    unexplained: allowlist.filter((a) => !a.reason?.trim()),
  };
}

export function readAllowlist(file: URL = ALLOWLIST_FILE): AllowedChange[] {
  return (JSON.parse(readFileSync(file, "utf8")) as { allowed: AllowedChange[] }).allowed;
}

/** One line per problem, with what to write in the allowlist for an intended change. */
export function describeProblems(check: SchemaCheck): string[] {
  return [
    ...check.unexpected.map(
      (c) => `breaking: ${c.schema}: ${c.message}. If intended, add to schema/breaking-changes-allowed.json: ${JSON.stringify({ schema: c.schema, type: c.type, path: c.path, reason: "…" })}`,
    ),
    ...check.stale.map((a) => `stale allowlist entry (no such breaking change now): ${JSON.stringify(a)}`),
    ...check.unexplained.map((a) => `allowlist entry without a reason: ${JSON.stringify(a)}`),
  ];
}
