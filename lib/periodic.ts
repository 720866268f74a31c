/**
 * A background loop of the worker role: runs `sweep` every `intervalMs` until stopped, one sweep at a
 * time. A failing sweep is logged once per distinct message (e.g. tables not migrated yet in a
 * worker-only process), not every round, and the loop goes on. Returns a stop function that lets the
 * current sweep finish.
 */
import type { Logger } from "./logger.js";

export function startPeriodic(o: { logger: Logger; intervalMs: number; started: string; stopped: string; failed: string; fields?: Record<string, unknown>; sweep(): Promise<void> }): () => Promise<void> {
  let running = true;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  let lastError = "";
  const loop = (async () => {
    o.logger.info({ ...o.fields, intervalMs: o.intervalMs }, o.started);
    while (running) {
      try {
        await o.sweep();
        lastError = "";
      } catch (err) {
        if ((err as Error).message !== lastError) o.logger.error({ err }, o.failed);
        lastError = (err as Error).message;
      }
      if (!running) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, o.intervalMs);
      });
    }
  })();
  return async () => {
    running = false;
    clearTimeout(timer);
    wake?.();
    await loop;
    o.logger.info(o.stopped);
  };
}
