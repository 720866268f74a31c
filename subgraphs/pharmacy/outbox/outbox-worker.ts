import { randomUUID } from "node:crypto";
import type { Config } from "../../../lib/config.js";
import type { Db } from "../../../lib/db.js";
import type { Logger } from "../../../lib/logger.js";
import { count, eq, min } from "drizzle-orm";
import { Counter, Gauge } from "prom-client";
import { metrics } from "../../../lib/observability.js";
import { claimOutboxMessages, deliverClaimed, type OutboxRuntime } from "./outbox.service.js";
import { outboxMessages } from "./tables.js";

const outcomes = new Counter({
  name: "pharmacy_outbox_outcomes_total",
  help: "Pharmacy outbox delivery attempts by the worker, by outcome (sent, failed, pending: retried later)",
  labelNames: ["outcome"] as const,
  registers: [metrics],
});

/** The database the gauges read (the last worker started in this process). */
let depthSource: Db | undefined;

/** Messages waiting (pending) and how old the oldest is: a rising age means the notification service is not taking them. */
async function waiting(): Promise<{ n: number; oldest: Date | null }> {
  if (!depthSource) return { n: 0, oldest: null };
  const [row] = await depthSource
    .select({ n: count(), oldest: min(outboxMessages.createdAt) })
    .from(outboxMessages)
    .where(eq(outboxMessages.status, "pending"))
    .catch(() => [{ n: 0, oldest: null }]);
  return { n: Number(row.n), oldest: row.oldest ? new Date(row.oldest) : null };
}

new Gauge({
  name: "pharmacy_outbox_depth",
  help: "Pharmacy messages (pickup-ready notifications) waiting to be handed to the notification service",
  registers: [metrics],
  async collect() {
    this.set((await waiting()).n);
  },
});

new Gauge({
  name: "pharmacy_outbox_oldest_age_seconds",
  help: "Age of the oldest pharmacy message still waiting (0 when none)",
  registers: [metrics],
  async collect() {
    const { oldest } = await waiting();
    this.set(oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0);
  },
});

export interface OutboxSweep {
  sent: number;
  failed: number;
  pending: number;
}

/** One round: lease the due messages and try each once. */
export async function deliverDueOutboxMessages(rt: OutboxRuntime, workerId: string, limit = 20): Promise<OutboxSweep> {
  const result: OutboxSweep = { sent: 0, failed: 0, pending: 0 };
  for (const m of await claimOutboxMessages(rt.db, { workerId, leaseMs: rt.config.PHARMACY_OUTBOX_LEASE_MS, limit })) {
    const outcome = await deliverClaimed(rt, m);
    result[outcome]++;
    outcomes.inc({ outcome });
  }
  return result;
}

/**
 * The outbox loop of the worker role: every PHARMACY_OUTBOX_INTERVAL_MS, deliver the pharmacy's
 * messages that are due (first attempts a request could not make, retries after backoff, and
 * messages whose deliverer died). Several workers share the work (SKIP LOCKED). Returns a stop
 * function that lets the current round finish.
 */
export function startOutboxWorker(rt: { db: Db; config: Config; logger: Logger; selfUrl(): string }): () => Promise<void> {
  const logger = rt.logger.child({ component: "pharmacy-outbox" });
  const workerId = `pharmacy-outbox-${randomUUID()}`;
  depthSource = rt.db;
  let running = true;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  let lastError = "";
  const loop = (async () => {
    logger.info({ intervalMs: rt.config.PHARMACY_OUTBOX_INTERVAL_MS }, "pharmacy outbox worker started");
    while (running) {
      try {
        const r = await deliverDueOutboxMessages({ db: rt.db, config: rt.config, logger, selfUrl: rt.selfUrl() }, workerId);
        if (r.sent || r.failed || r.pending) logger.info(r, "pharmacy outbox round");
        lastError = "";
      } catch (err) {
        // e.g. tables not migrated yet in a worker-only process: log once, not every round.
        if ((err as Error).message !== lastError) logger.error({ err }, "pharmacy outbox round failed; retrying");
        lastError = (err as Error).message;
      }
      if (!running) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, rt.config.PHARMACY_OUTBOX_INTERVAL_MS);
      });
    }
  })();
  return async () => {
    running = false;
    clearTimeout(timer);
    wake?.();
    await loop;
    logger.info("pharmacy outbox worker stopped");
  };
}
