import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { GENERATED_FILE, generateClient, ROOT } from "../clients/codegen.js";

/** A consumer's mistakes, each of which must be a compile error. */
const WRONG_PROGRAM = `
  import { request } from "./example.js";
  import { PatientOverviewDocument, StockAlertsDocument } from "./generated/graphql.js";
  const o = { baseUrl: "http://localhost:4000", token: "t" };
  export async function wrong() {
    const { patient } = await request(o, PatientOverviewDocument, { uhid: "UG-2024-000001", days: "90" });
    const family: string = patient.familyName;
    await request(o, PatientOverviewDocument, { uhid: "UG-2024-000001" });
    await request(o, StockAlertsDocument, { type: "expiring_soon" });
    return family;
  }`;

let generated: string;
let errors: Map<string, string[]>;
beforeAll(async () => {
  generated = await generateClient();
  errors = compile({ "example.ts": readFileSync(join(ROOT, "clients/example.ts"), "utf8"), "wrong.ts": WRONG_PROGRAM });
}, 60_000);

/**
 * Type-checks `programs` (as clients/<name>, in one program) under strict, with
 * clients/generated/graphql.ts as just generated (not as committed), the way a front-end's build would
 * see it. Returns each file's errors.
 */
function compile(programs: Record<string, string>): Map<string, string[]> {
  const sources = new Map(Object.entries(programs).map(([name, text]) => [join(ROOT, "clients", name), text]));
  const generatedPath = join(ROOT, GENERATED_FILE);
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    types: [],
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (file) => sources.get(file) ?? (file === generatedPath ? generated : read(file));
  const exists = host.fileExists.bind(host);
  host.fileExists = (file) => sources.has(file) || exists(file);
  const byFile = new Map<string, string[]>(Object.keys(programs).map((name) => [name, []]));
  for (const d of ts.getPreEmitDiagnostics(ts.createProgram([...sources.keys()], options, host))) {
    const name = d.file ? d.file.fileName.slice(join(ROOT, "clients").length + 1) : "(program)";
    byFile.set(name, [...(byFile.get(name) ?? []), `TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`]);
  }
  return byFile;
}

describe("the typed client (graphql-codegen from schema/api.graphql and clients/operations)", () => {
  it("is committed as generated (run `npm run codegen` after changing an operation or the schema)", () => {
    expect(readFileSync(join(ROOT, GENERATED_FILE), "utf8"), `${GENERATED_FILE} is stale: run npm run codegen`).toBe(generated);
  });

  it("types each operation's variables and result", () => {
    expect(generated).toContain("export const PatientOverviewDocument");
    expect(generated).toMatch(/export type PatientOverviewQuery = \{ patient: \{ givenName: string,/);
    expect(generated).toContain("as unknown as DocumentNode<PatientOverviewQuery, PatientOverviewQueryVariables>");
  });

  it("compiles the example consumer (clients/example.ts) under strict with no errors", () => {
    expect(Object.fromEntries([...errors].filter(([name]) => name !== "wrong.ts"))).toEqual({ "example.ts": [] });
  });

  it("makes a consumer's mistakes compile errors: an unselected field, a wrong variable type, a missing variable, an unknown enum value", () => {
    const wrong = errors.get("wrong.ts")!.join("\n");
    expect(wrong).toMatch(/TS2322 Type 'string' is not assignable to type 'number'/);
    expect(wrong).toMatch(/TS2339 Property 'familyName' does not exist/);
    expect(wrong).toMatch(/Property 'days' is missing/);
    expect(wrong).toMatch(/'"expiring_soon"' is not assignable/);
  });
});
