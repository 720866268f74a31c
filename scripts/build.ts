/**
 * Production build: compiles the service with tsc (tsconfig.build.json) into dist/, mirroring the
 * repository layout, and copies what the code reads at run time beside the compiled files (knowledge
 * JSON, operation documents, demo data, migrations), so `node dist/main.js` finds them through the
 * same relative `import.meta.url` paths as under tsx. Packages (swagger-ui-dist, …) resolve from
 * node_modules at the repository root.
 *
 *   npm run build [-- --out-dir <dir>]
 */
import { cpSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import ts from "typescript";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({ options: { "out-dir": { type: "string", default: "dist" } } });
const outDir = resolve(root, values["out-dir"]!);

/** Folders whose non-TypeScript files are read at run time (tests excluded); drizzle/ holds migrations, clients/operations the explorer's example tabs, schema/ the composed supergraph the gateway reuses. */
export const RUNTIME_ASSET_DIRS = ["lib", "gateway", "subgraphs", "rest-bridge", "seed/demo", "drizzle", "clients/operations", "schema"];

function compile(): void {
  const configFile = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.build.json"), { outDir }, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => fail([d]),
  });
  if (!configFile) throw new Error("tsconfig.build.json could not be read");
  const program = ts.createProgram({ rootNames: configFile.fileNames, options: configFile.options });
  const emitted = program.emit();
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
  if (diagnostics.length) fail(diagnostics);
}

function fail(diagnostics: readonly ts.Diagnostic[]): never {
  const host = { getCanonicalFileName: (f: string) => f, getCurrentDirectory: () => root, getNewLine: () => "\n" };
  process.stderr.write(ts.formatDiagnostics(diagnostics, host));
  process.exit(1);
}

function copyAssets(dir: string): number {
  let copied = 0;
  for (const entry of readdirSync(join(root, dir))) {
    const path = join(dir, entry);
    if (statSync(join(root, path)).isDirectory()) copied += copyAssets(path);
    else if (!entry.endsWith(".ts")) {
      cpSync(join(root, path), join(outDir, path));
      copied++;
    }
  }
  return copied;
}

const started = Date.now();
rmSync(outDir, { recursive: true, force: true });
compile();
const assets = RUNTIME_ASSET_DIRS.reduce((n, dir) => n + copyAssets(dir), 0);
console.log(`built ${relative(root, outDir) || "."}/ (${assets} runtime files copied) in ${((Date.now() - started) / 1000).toFixed(1)} s; start with: node ${relative(root, join(outDir, "main.js"))}`);
