import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";

/**
 * Property: whatever a client sends to any operation of /openapi.json (malformed, oversized,
 * prototype-named, NUL-bearing, wrongly typed values; an admin token, no token or a garbage one), the
 * answer is never a 5xx (no upstream is down here), and every non-2xx JSON answer is the one error
 * shape {error: {code, message, fields?}} (on /graphql: GraphQL's own `errors[]` with codes). Seeded: a failure prints the seed and path to replay it.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 40);

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  additionalProperties?: boolean | Schema;
};
type Parameter = { name: string; in: "path" | "query" | "header"; schema?: Schema };
type Operation = { method: string; path: string; parameters: Parameter[]; body?: Schema };

let stack: Stack;
let operations: Operation[];
let components: Record<string, Schema>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  stack = await startStack();
  const doc = (await (await fetch(`${stack.url}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
    components?: { schemas?: Record<string, Schema> };
  };
  components = doc.components?.schemas ?? {};
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, parameters: op.parameters ?? [], body: op.requestBody?.content?.["application/json"]?.schema })),
  );
  // Many subjects, so per-credential rate limits do not turn most runs into 429s.
  for (let i = 0; i < 40; i++) tokens[`admin${i}`] = await stack.token("admin", { sub: `fuzz-admin-${i}` });
  tokens.pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "fuzz-pharmacist" });
}, 120_000);
afterAll(() => stack?.stop());

const resolve = (s: Schema): Schema => (s.$ref ? resolve(components[s.$ref.split("/").pop()!] ?? {}) : s);

const PROTO_NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "prototype", "__defineSetter__"];
/** Strings an attacker or a broken client sends. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom("", " ", "\u0000", "a\u0000b", "%00", "..", "../..", "%2e%2e", "__proto__", "constructor", "null", "-1", "1e309", "NaN", "😀", "\uD800", "' OR 1=1 --", "<script>", "2026-13-45", "6a0c1d1e-0000-4000-8000-000000000001", "00000000-0000-0000-0000-000000000000", "UG-2024-000001"),
  fc.string({ minLength: 2_000, maxLength: 20_000, unit: "grapheme-ascii" }).map((s) => s.slice(0, 20_000)),
  fc.string({ maxLength: 12, unit: "binary" }),
);
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(1e308, -0, 2 ** 53 + 1, 1500.005, 0.1),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(fc.oneof(fc.constantFrom(...PROTO_NAMES), nastyString), nastyString, { maxKeys: 3 }),
);

/** A value for a schema: mostly of the declared type (with nasty content), sometimes wrongly typed. */
function valueFor(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return fc.oneof(...alt.map((a) => valueFor(a, depth)));
  if (s.allOf?.length) return valueFor(s.allOf[0], depth);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  let typed: fc.Arbitrary<unknown>;
  if (s.enum?.length) typed = fc.oneof(fc.constantFrom(...s.enum), nastyString);
  else if (type === "object" || s.properties) typed = depth > 4 ? fc.constant({}) : objectFor(s, depth + 1);
  else if (type === "array") typed = depth > 4 ? fc.constant([]) : fc.array(valueFor(s.items ?? {}, depth + 1), { maxLength: 3 });
  else if (type === "integer") typed = fc.oneof(fc.integer({ min: -5, max: 200 }), fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, 1.5));
  else if (type === "number") typed = fc.oneof(fc.double({ noNaN: true }), fc.constantFrom(1e308, -1e-300));
  else if (type === "boolean") typed = fc.boolean();
  else if (type === "string") typed = fc.oneof(nastyString, fc.constantFrom("1500.00", "1.5e3", " 12.00", "2026-11-21", "2026-11-21T09:30:00Z", "sms", "cash"));
  else typed = anyJson;
  return fc.oneof({ weight: 9, arbitrary: typed }, { weight: 1, arbitrary: anyJson });
}

function objectFor(s: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(s.properties ?? {});
  const known = fc.record(Object.fromEntries(props.map(([k, v]) => [k, valueFor(v, depth)])), { requiredKeys: [] });
  const extra = fc.dictionary(fc.oneof(fc.constantFrom(...PROTO_NAMES, "discont_amount", "id", "status", "created_at"), nastyString), anyJson, { maxKeys: 2 });
  return fc.tuple(known, extra, fc.integer({ min: 0, max: 4 })).map(([k, e, dice]) => {
    const withExtra = dice === 0;
    // JSON.parse semantics: every key is an own data property, `__proto__` included.
    const out = JSON.parse(JSON.stringify(k)) as Record<string, unknown>;
    if (withExtra) for (const [key, value] of Object.entries(e)) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    return out;
  });
}

/** A raw body: usually JSON from the schema, sometimes not an object, not JSON, or huge. */
function bodyFor(schema: Schema | undefined): fc.Arbitrary<{ text: string; contentType: string } | undefined> {
  if (!schema) return fc.oneof(fc.constant(undefined), fc.constant({ text: '{"a":1}', contentType: "application/json" }));
  return fc.oneof(
    { weight: 8, arbitrary: valueFor(schema).map((v) => ({ text: JSON.stringify(v) ?? "null", contentType: "application/json" })) },
    { weight: 1, arbitrary: anyJson.map((v) => ({ text: JSON.stringify(v) ?? "null", contentType: "application/json" })) },
    { weight: 1, arbitrary: fc.constantFrom('{"a":', "[]", "null", '"x"', "{}", "\u0000", '{"__proto__":{"x":1}}', `${"[".repeat(5000)}${"]".repeat(5000)}`).map((text) => ({ text, contentType: "application/json" })) },
    { weight: 1, arbitrary: fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1", "multipart/form-data").map((contentType) => ({ text: "a=1", contentType })) },
  );
}

const enc = (v: unknown) => encodeURIComponent(typeof v === "string" ? v.replace(/[\uD800-\uDFFF]/g, "?") : JSON.stringify(v) ?? "");

interface FuzzRequest {
  path: unknown[];
  query: Record<string, unknown>;
  extraQuery: Record<string, string>;
  body: { text: string; contentType: string } | undefined;
  auth: string | undefined;
}

function requestFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const queryParams = op.parameters.filter((p) => p.in === "query");
  return fc.record({
    path: fc.tuple(...pathParams.map(() => fc.oneof(nastyString, fc.constantFrom("%00", "%2e%2e", "..%2f..", "%", "%zz", "a%2Fb")))),
    query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, valueFor(p.schema ?? {})])), { requiredKeys: [] }),
    extraQuery: fc.oneof(
      { weight: 3, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...PROTO_NAMES, "_cb", "ordering", "search", "unknown_filter"), fc.string({ maxLength: 8 })), nastyString, { maxKeys: 2 }) },
    ),
    body: bodyFor(op.body),
    auth: fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: 0, max: 39 }).map((i) => `Bearer ${tokens[`admin${i}`]}`) },
      { weight: 1, arbitrary: fc.constant(`Bearer ${tokens.pharmacist}`) },
      { weight: 1, arbitrary: fc.constantFrom(undefined, "Bearer", "Bearer ", "Basic abc", "Bearer a.b.c", `Bearer ${"x".repeat(9000)}`, "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.") },
    ),
  });
}

async function send(op: Operation, r: FuzzRequest) {
  let i = 0;
  const path = op.path.replace(/\{\w+\}/g, () => {
    const v = String(r.path[i++] ?? "");
    // Path values given as already-encoded escapes stay raw (that is the attack); others are encoded.
    return /^[%.a-zA-Z0-9_-]*$/.test(v) && v !== "" ? v : enc(v);
  });
  const qs = [...Object.entries(r.query), ...Object.entries(r.extraQuery)].map(([k, v]) => `${enc(k)}=${enc(v)}`).join("&");
  const headers: Record<string, string> = {};
  if (r.auth) headers.authorization = r.auth;
  if (r.body) headers["content-type"] = r.body.contentType;
  const res = await fetch(`${stack.url}${path}${qs ? `?${qs}` : ""}`, { method: op.method, headers, body: op.method === "GET" ? undefined : r.body?.text });
  const text = await res.text();
  return { status: res.status, contentType: res.headers.get("content-type") ?? "", text, url: `${op.method} ${path}${qs ? `?${qs}` : ""}`.slice(0, 300) };
}

/** GraphQL over HTTP answers a refused request with its own shape: `errors[]`, each with a message and `extensions.code`. */
function checkGraphQLAnswer(a: Awaited<ReturnType<typeof send>>): string | undefined {
  const body = JSON.parse(a.text) as { errors?: { message?: unknown; extensions?: { code?: unknown } }[] };
  const ok = Array.isArray(body.errors) && body.errors.length > 0 && body.errors.every((e) => typeof e.message === "string" && typeof e.extensions?.code === "string");
  return ok ? undefined : `${a.status} body not in the GraphQL error shape: ${a.text.slice(0, 200)}`;
}

function checkAnswer(op: Operation, a: Awaited<ReturnType<typeof send>>): string | undefined {
  if (a.status >= 500) return `${a.status} ${a.text.slice(0, 200)}`;
  if (a.status < 300 || !a.contentType.includes("json")) return a.status < 300 ? undefined : `non-JSON ${a.status}: ${a.contentType}`;
  if (op.path === "/graphql" && !a.text.includes('"error":{')) return checkGraphQLAnswer(a);
  const body = JSON.parse(a.text) as { error?: { code?: unknown; message?: unknown; fields?: unknown } };
  const e = body.error;
  const ok =
    Object.keys(body).length === 1 &&
    typeof e === "object" &&
    typeof e.code === "string" &&
    typeof e.message === "string" &&
    Object.keys(e).every((k) => ["code", "message", "fields"].includes(k)) &&
    (e.fields === undefined || (typeof e.fields === "object" && e.fields !== null && Object.values(e.fields).every((v) => Array.isArray(v) && v.every((m) => typeof m === "string"))));
  return ok ? undefined : `${a.status} body not in the error shape: ${a.text.slice(0, 200)}`;
}

describe("fuzzing every operation of /openapi.json", () => {
  it("never answers 5xx, and every error is {error: {code, message, fields?}}", async () => {
    const started = Date.now();
    const failures: string[] = [];
    let requests = 0;
    const statuses: Record<number, number> = {};
    for (const op of operations) {
      const result = await fc.check(
        fc.asyncProperty(requestFor(op), async (r) => {
          requests++;
          const answer = await send(op, r);
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
          const problem = checkAnswer(op, answer);
          if (problem) throw new Error(`${answer.url} → ${problem}`);
        }),
        { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
      if (result.failed) failures.push(`${op.method} ${op.path} (seed ${SEED}, path ${result.counterexamplePath}): ${String((result.errorInstance as Error)?.message ?? result.errorInstance)}`);
    }
    console.info(`fuzz: ${operations.length} operations, ${requests} requests, ${((Date.now() - started) / 1000).toFixed(1)} s, seed ${SEED}, statuses ${JSON.stringify(statuses)}`);
    expect(failures).toEqual([]);
    expect(operations.length).toBeGreaterThan(40);
  }, 300_000);
});
