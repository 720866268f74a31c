import { request } from "node:http";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintToken } from "../../lib/auth.js";
import { createTestDatabase, TEST_SECRET, type TestDatabase } from "../support/stack.js";
import { freePort, linesOf, REPO_ROOT, spawnNode, waitReady, type Service } from "./ops-processes.js";

/**
 * The production path: `npm run build` (tsc into a temporary dist/), then plain `node dist/main.js`.
 * The build takes a while, so it runs once; with PostgreSQL configured it runs in the postgres project
 * only (the startup goal is measured there).
 */
const skip = process.env.TEST_DB === "pglite" && Boolean(process.env.DATABASE_URL);

let outDir: string;
let database: TestDatabase;
let service: Service;
let startupMs: number;

beforeAll(async () => {
  if (skip) return;
  outDir = mkdtempSync(join(tmpdir(), "hc-dist-"));
  const build = spawnNode(["--import", "tsx", "scripts/build.ts", "--out-dir", outDir], {});
  if ((await build.exited) !== 0) throw new Error(`build failed:\n${build.stdout()}\n${build.stderr()}`);
  // Packages resolve by walking up from dist/: give the temporary dist the repository's node_modules.
  symlinkSync(join(REPO_ROOT, "node_modules"), join(outDir, "node_modules"));

  database = await createTestDatabase();
  const port = await freePort();
  const started = Date.now();
  service = spawnNode(
    [join(outDir, "main.js")],
    {
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      JWT_SECRET: TEST_SECRET,
      LOG_LEVEL: "warn",
      DATA_DIR: join(outDir, ".data"),
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    },
    port,
  );
  await waitReady(service);
  startupMs = Date.now() - started;
}, 600_000);

afterAll(async () => {
  if (skip) return;
  if (service?.child.exitCode === null) service.child.kill("SIGKILL");
  await database?.drop();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/**
 * A GraphQL POST on its own connection whose body is sent in two halves: after the first half the
 * request is in a handler on the server (waiting for the rest), a deterministic in-flight request.
 */
function twoPartPost(url: string, token: string) {
  const body = Buffer.from(JSON.stringify({ query: "{ __typename }" }));
  const half = Math.floor(body.length / 2);
  let finish!: () => void;
  const answer = new Promise<{ status: number; body: string; finishedAt: number; error?: string }>((resolve) => {
    const req = request(url, { method: "POST", agent: false, headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "content-length": body.length } }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode!, body: text, finishedAt: Date.now() }));
      res.on("error", (err) => resolve({ status: 0, body: text, finishedAt: Date.now(), error: err.message }));
    });
    req.on("error", (err) => resolve({ status: 0, body: "", finishedAt: Date.now(), error: err.message }));
    req.write(body.subarray(0, half));
    finish = () => req.end(body.subarray(half));
  });
  return { answer, finish: () => finish() };
}

async function inFlight(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^http_requests_in_flight (\d+)/m.exec(text)?.[1] ?? 0);
}

describe.skipIf(skip)("the built server (node dist/main.js)", () => {
  it("starts from dist/ with plain node and answers a REST path", async () => {
    console.log(`built server ready in ${startupMs} ms (${database.url ? "PostgreSQL" : "PGlite"}, fresh database incl. migrations and demo seed)`);
    const token = await mintToken(TEST_SECRET, { sub: "ops-admin", roles: ["admin"] });
    const res = await fetch(`${service.url}/api/v1/uhid/?page_size=5`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { results: unknown[] }).results).toHaveLength(5);
  });

  it("drains a burst of in-flight requests on SIGTERM: every one answered whole, new connections refused, exit 0", async () => {
    const token = await mintToken(TEST_SECRET, { sub: "ops-drain", roles: ["admin"] });
    const burst = 30;
    const posts = Array.from({ length: burst }, () => twoPartPost(`${service.url}/graphql`, token));
    // Wait until the server holds the whole burst in handlers (/metrics itself counts one).
    const deadline = Date.now() + 30_000;
    while ((await inFlight(service.url)) - 1 < burst && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    service.child.kill("SIGTERM");

    await new Promise((r) => setTimeout(r, 200));
    const refused = await fetch(`${service.url}/healthz`).then(
      () => "accepted",
      (err: Error & { cause?: { code?: string } }) => err.cause?.code,
    );
    posts.forEach((p) => p.finish()); // the clients finish their uploads after the signal
    const results = await Promise.all(posts.map((p) => p.answer));
    const code = await service.exited;

    expect(results.filter((r) => r.error || r.status !== 200)).toEqual([]);
    for (const r of results) expect(JSON.parse(r.body)).toEqual({ data: { __typename: "Query" } });
    expect(refused).toBe("ECONNREFUSED");
    expect(code).toBe(0);
    expect(linesOf(service.stderr())).toEqual([]);
  });

  it("holds every file the Dockerfile's runtime stage needs", () => {
    const dockerfile = readFileSync(join(REPO_ROOT, "Dockerfile"), "utf8");
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/dist \.\/dist$/m);
    expect(dockerfile).toMatch(/^CMD \["node", "dist\/main\.js"\]$/m);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/^USER node$/m);
    for (const file of dockerfile.matchAll(/^COPY (?!--from)(.+) \.\/$/gm)) {
      for (const path of file[1].split(" ")) expect(existsSync(join(REPO_ROOT, path)), path).toBe(true);
    }
    expect(existsSync(join(outDir, "main.js"))).toBe(true);
    // Every non-TypeScript file the code reads at run time sits beside the compiled code.
    const runtimeFiles = ["lib", "gateway", "subgraphs", "rest-bridge", "seed/demo", "drizzle"].flatMap((dir) => filesUnder(join(REPO_ROOT, dir)));
    const missing = runtimeFiles.filter((f) => !f.endsWith(".ts")).map((f) => relative(REPO_ROOT, f)).filter((f) => !existsSync(join(outDir, f)));
    expect(missing).toEqual([]);
  });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
