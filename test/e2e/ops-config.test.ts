import { existsSync, mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig, productionProblems } from "../../lib/config.js";
import { freePort, linesOf, spawnNode } from "./ops-processes.js";

const SECRET = "ops-config-secret-0123456789abcdef0123456789";
const DEV_SECRET = "dev-only-secret-change-me-0123456789abcdef";

/** Runs `main.ts` (through tsx) with this environment and returns its exit code and stderr lines. */
async function runMain(env: Record<string, string>, args: string[] = []) {
  const s = spawnNode(["--import", "tsx", "main.ts", ...args], { LOG_LEVEL: "warn", HOST: "127.0.0.1", ...env });
  const code = await s.exited;
  return { code, lines: linesOf(s.stderr()), stdout: s.stdout() };
}

const blockers: Server[] = [];
afterAll(() => blockers.forEach((b) => b.close()));

describe("configuration errors are one clear line each", () => {
  it("names every bad variable on its own line, exits 2, and prints no stack trace", async () => {
    const { code, lines } = await runMain({ PORT: "eighty", LOG_LEVEL: "loud", GATEWAY_URL: "not a url", SHUTDOWN_DRAIN_MS: "1.5", JWT_SECRET: "short" });
    expect(code).toBe(2);
    expect(lines.map((l) => l.match(/^Configuration error: ([A-Z_]+):/)?.[1])).toEqual(["PORT", "JWT_SECRET", "GATEWAY_URL", "LOG_LEVEL", "SHUTDOWN_DRAIN_MS"]);
    expect(lines.join("\n")).not.toMatch(/\n\s+at |Error:|short/); // no stack, no echoed secret
  });

  it("reports a port in use at once, in one line naming PORT", async () => {
    const port = await freePort();
    const blocker = createServer();
    blockers.push(blocker);
    await new Promise<void>((r) => blocker.listen(port, "127.0.0.1", r));
    const dataDir = join(mkdtempSync(join(tmpdir(), "ops-port-")), "data");
    const { code, lines } = await runMain({ PORT: String(port), DATA_DIR: dataDir, JWT_SECRET: SECRET });
    expect(code).toBe(2);
    expect(lines).toEqual([`Configuration error: PORT: ${port} is already in use on 127.0.0.1; choose a free port`]);
    // At once: before the database is opened (which creates its directory), migrated or composed.
    expect(existsSync(dataDir)).toBe(false);
  });

  it("refuses an unknown role or option in one line", async () => {
    const { code, lines } = await runMain({ JWT_SECRET: SECRET }, ["--only=gatway"]);
    expect(code).toBe(2);
    expect(lines).toEqual([expect.stringMatching(/^Configuration error: --only: unknown role\(s\) gatway; roles are gateway, /)]);
  });
});

describe("production refuses unsafe defaults", () => {
  const production = { NODE_ENV: "production", JWT_SECRET: SECRET };

  it("refuses to start without DATABASE_URL, in one line naming the opt-in", async () => {
    const { code, lines } = await runMain(production);
    expect(code).toBe(2);
    expect(lines).toEqual(["Configuration error: DATABASE_URL: required in production (set ALLOW_EMBEDDED_DATABASE=true to run on embedded PGlite instead)"]);
  });

  it("accepts the embedded database only when ALLOW_EMBEDDED_DATABASE=true names it, and roles without data need none", () => {
    const c = (env: Record<string, string>) => loadConfig({ ...production, ...env });
    expect(productionProblems(c({}), ["clinical"])).toHaveLength(1);
    expect(productionProblems(c({}), ["worker"])).toHaveLength(1);
    expect(productionProblems(c({ ALLOW_EMBEDDED_DATABASE: "true" }), ["clinical", "worker"])).toEqual([]);
    expect(productionProblems(c({}), ["gateway"])).toEqual([]);
    expect(productionProblems(c({ DATABASE_URL: "postgres://db/x" }), ["pharmacy"])).toEqual([]);
  });

  it("refuses the development secret, so tokens minted without a real secret are never accepted", async () => {
    const { code, lines } = await runMain({ ...production, JWT_SECRET: DEV_SECRET, DATABASE_URL: "postgres://127.0.0.1:1/x" });
    expect(code).toBe(2);
    expect(lines).toEqual(["Configuration error: JWT_SECRET: the development secret is refused in production"]);
  });

  it("refuses to start without JWT_SECRET or JWKS_URL", async () => {
    const { code, lines } = await runMain({ NODE_ENV: "production", DATABASE_URL: "postgres://127.0.0.1:1/x" });
    expect(code).toBe(2);
    expect(lines).toEqual(["Configuration error: JWT_SECRET: required in production (or JWKS_URL)"]);
  });

  it("needs ADMIN_TOKEN for a bridge that reads the gateway's protected schema", async () => {
    const { code, lines } = await runMain({ ...production, GATEWAY_URL: "http://127.0.0.1:1" }, ["--only=bridge"]);
    expect(code).toBe(2);
    expect(lines).toEqual([expect.stringMatching(/^Configuration error: ADMIN_TOKEN: required in production for a bridge/)]);
  });

  it("seeds no demo world unless asked: SEED_DEMO defaults to false in production, and `seed` needs --demo", async () => {
    expect(loadConfig({ ...production }).SEED_DEMO).toBe(false);
    expect(loadConfig({ NODE_ENV: "development" }).SEED_DEMO).toBe(true);
    expect(loadConfig({ ...production, SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
    const s = spawnNode(["--import", "tsx", "scripts/seed.ts"], { DATA_DIR: "memory://" });
    expect(await s.exited).toBe(2);
    expect(linesOf(s.stderr())).toEqual([expect.stringContaining("pass --demo to confirm")]);
  });
});
