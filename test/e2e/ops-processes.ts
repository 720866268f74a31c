import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/** The repository root (cwd of every spawned service). */
export const REPO_ROOT = new URL("../..", import.meta.url).pathname;

/** A free loopback port (bound, then released for a child to take). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface Service {
  child: ChildProcess;
  url: string;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

/** Spawns `node <args>` from the repository root with only the given environment (plus PATH). */
export function spawnNode(args: string[], env: Record<string, string>, port?: number): Service {
  let out = "";
  let err = "";
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env: { PATH: process.env.PATH, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port ?? 0}`, stdout: () => out, stderr: () => err, exited };
}

/** Polls /readyz until 200; fails with the process output if it exits or times out. */
export async function waitReady(s: Service, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (s.child.exitCode !== null) throw new Error(`exited ${s.child.exitCode}:\n${s.stdout()}\n${s.stderr()}`);
    try {
      if ((await fetch(`${s.url}/readyz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${s.url} did not become ready:\n${s.stdout()}\n${s.stderr()}`);
}

/** Lines a process wrote to stderr, without blank ones. */
export const linesOf = (text: string) => text.split("\n").filter((l) => l.trim());
