import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";
import { closeGracefully, listen } from "./http-lifecycle.js";
import { createLogger } from "./logger.js";

const config = loadConfig({ NODE_ENV: "test", HOST: "127.0.0.1", PORT: "0", DATA_DIR: "memory://", LOG_LEVEL: "silent", JWT_SECRET: "test-secret-0123456789abcdef0123456789abcdef" });
const logger = createLogger("silent");

describe("graceful close", () => {
  it("waits for a handler whose caller hung up before the process stops its roles under it", async () => {
    const events: string[] = [];
    let started!: () => void;
    const handlerStarted = new Promise<void>((r) => (started = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const listener = await listen(config, async () => {
      started();
      await gate;
      events.push("handler finished");
      return new Response("late");
    });
    // The caller sends a request and gives up while it runs (a timeout, a closed tab).
    const req = request({ host: "127.0.0.1", port: listener.port, path: "/slow", method: "GET" });
    req.on("error", () => {});
    req.end();
    await handlerStarted;
    req.destroy();
    await new Promise<void>((resolve) => {
      const poll = () => listener.server.getConnections((_, n) => (n === 0 ? resolve() : setTimeout(poll, 10)));
      poll();
    });

    const closing = closeGracefully(listener, 10_000, logger).then(() => events.push("closed"));
    // The connection is gone, so a drain that only waited for sockets would finish in these turns.
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 20));
    expect(events).toEqual([]);
    release();
    await closing;
    expect(events).toEqual(["handler finished", "closed"]);
  });

  it("closes at once when nothing is running", async () => {
    const listener = await listen(config, () => new Response("ok"));
    await closeGracefully(listener, 10_000, logger);
    expect(listener.server.listening).toBe(false);
  });
});
