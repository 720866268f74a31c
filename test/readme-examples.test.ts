import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, TEST_SECRET, type Stack } from "./support/stack.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The shell blocks of the README's "Call it" section, in order. */
function callItBlocks(): string[] {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Call it"), readme.indexOf("\n## ", readme.indexOf("## Call it") + 1));
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
}

describe("README examples", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.stop());

  it("work when pasted in order on a fresh start: every call answers 2xx without GraphQL errors", async () => {
    const blocks = callItBlocks();
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    const dir = mkdtempSync(join(tmpdir(), "readme-"));
    // Every curl must succeed (--fail-with-body); npm runs the project's scripts from any directory.
    const script = [
      "set -euo pipefail",
      'curl() { command curl --fail-with-body -sS "$@"; }',
      `npm() { command npm --prefix ${JSON.stringify(ROOT)} "$@"; }`,
      ...blocks.map((b) => b.replaceAll("http://localhost:4000", stack.url)),
    ].join("\n");
    // Asynchronously: the server under test runs in this process and must keep answering.
    const run = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        "bash",
        ["-c", script],
        { cwd: dir, encoding: "utf8", env: { ...process.env, JWT_SECRET: TEST_SECRET, LOG_LEVEL: "silent" }, timeout: 120_000 },
        (err, stdout, stderr) => resolve({ status: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr }),
      );
    });
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain('"errors"');
    expect(run.stdout).toContain('"diagnoses"');
    expect(readFileSync(join(dir, "receipt.pdf")).subarray(0, 5).toString()).toBe("%PDF-");
  }, 180_000);
});
