import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { and, count, eq, lte, min } from "drizzle-orm";
import { Counter, Gauge } from "prom-client";
import { metrics } from "../../../lib/observability.js";
import type { SubgraphRuntime } from "../../../lib/subgraph.js";
import type { Channel } from "../channels.js";
import { notifications } from "../db/tables.js";
import { providersFor } from "../providers/index.js";
import { notificationSettings } from "../settings.js";
import { claimDueNotifications, requeueExpiredLeases } from "./claim.js";
import { deliverNotification } from "./deliver.js";
import { releaseUnsentLeases } from "./release.js";
import { onWake } from "./wake.js";

const outcomes = new Counter({
  name: "notifications_delivery_outcomes_total",
  help: "Delivery attempts by channel and outcome (sent, delivered, retry, fallback, failed, lost-lease)",
  labelNames: ["channel", "outcome"] as const,
  registers: [metrics],
});

/** The database the queue-depth gauge reads (the last worker started in this process). */
let depthSource: SubgraphRuntime["db"] | undefined;
new Gauge({
  name: "notifications_queue_depth",
  help: "Notifications waiting to be sent (PENDING, including scheduled ones)",
  registers: [metrics],
  async collect() {
    if (!depthSource) return;
    const [row] = await depthSource.select({ n: count() }).from(notifications).where(eq(notifications.status, "PENDING")).catch(() => [{ n: 0 }]);
    this.set(Number(row.n));
  },
});

new Gauge({
  name: "notifications_queue_oldest_due_age_seconds",
  help: "How long the oldest due PENDING notification has waited since it became due (0 when none): delivery lag",
  registers: [metrics],
  async collect() {
    if (!depthSource) return;
    const [row] = await depthSource
      .select({ oldest: min(notifications.availableAt) })
      .from(notifications)
      .where(and(eq(notifications.status, "PENDING"), lte(notifications.availableAt, new Date())))
      .catch(() => [{ oldest: null }]);
    this.set(row.oldest ? Math.max(0, (Date.now() - new Date(row.oldest).getTime()) / 1000) : 0);
  },
});

/**
 * The delivery worker: polls for due messages (and is woken at once by triggers in this process),
 * claims a batch with a lease, hands each to its provider and records the outcome. Several workers,
 * in this process or others, share the queue through FOR UPDATE SKIP LOCKED. Returns a stop
 * function that lets the current batch finish.
 */
export function startNotificationWorker(runtime: SubgraphRuntime): () => Promise<void> {
  const s = notificationSettings(runtime.config);
  const logger = runtime.logger.child({ component: "notifications-worker" });
  const providers = providersFor(s, runtime.db, logger);
  const workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  depthSource = runtime.db;

  let running = true;
  let wakeUp: (() => void) | undefined;
  let wokenEarly = false;
  const stopListening = onWake(() => {
    wokenEarly = true;
    wakeUp?.();
  });
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (wokenEarly || !running) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  let lastError = "";
  // Leases are checked a few times per lease period, not on every poll.
  const requeueEveryMs = Math.max(s.pollMs, Math.floor(s.leaseMs / 4));
  let lastRequeue = 0;
  async function round(): Promise<number> {
    wokenEarly = false;
    if (Date.now() - lastRequeue >= requeueEveryMs) {
      lastRequeue = Date.now();
      const requeued = await requeueExpiredLeases(runtime.db, s.maxAttempts);
      if (requeued) logger.warn({ requeued }, "requeued notifications whose worker lease expired");
    }
    const batch = await claimDueNotifications(runtime.db, workerId, s.batchSize, s.leaseMs);
    if (!running && batch.length) {
      // Stopped while claiming: hand the batch back instead of starting sends the drain may cut short.
      const released = await releaseUnsentLeases(runtime.db, workerId, batch.map((n) => n.id));
      logger.info({ released }, "released claimed notifications at shutdown");
      return batch.length;
    }
    await Promise.all(
      batch.map(async (n) => {
        const outcome = await deliverNotification(runtime.db, n, providers[n.channel as Channel], s, workerId).catch((err) => {
          // Recording failed (database away): the lease will expire and the message be retried.
          logger.error({ err, notificationId: n.id }, "could not record a delivery outcome");
          return "lost-lease" as const;
        });
        outcomes.inc({ channel: n.channel, outcome });
      }),
    );
    return batch.length;
  }

  const loop = (async () => {
    logger.info({ workerId, pollMs: s.pollMs, leaseMs: s.leaseMs, maxAttempts: s.maxAttempts }, "notification worker started");
    while (running) {
      try {
        const claimed = await round();
        lastError = "";
        if (claimed === s.batchSize) continue; // more may be due: go again at once
      } catch (err) {
        const message = (err as Error).message;
        // Log a persistent failure once (e.g. tables not migrated yet in a worker-only process), not every poll.
        if (message !== lastError) logger.error({ err }, "notification worker round failed; retrying");
        lastError = message;
      }
      await sleep(s.pollMs);
    }
  })();

  /** Stops polling and waits (up to SHUTDOWN_DRAIN_MS) for the deliveries already handed to providers. */
  return async () => {
    running = false;
    stopListening();
    wakeUp?.();
    let timer: NodeJS.Timeout | undefined;
    const drained = await Promise.race([loop.then(() => true), new Promise<false>((r) => (timer = setTimeout(() => r(false), runtime.config.SHUTDOWN_DRAIN_MS)))]);
    clearTimeout(timer);
    // Deliveries still running keep their lease; it expires and another worker takes them over.
    if (!drained) logger.warn({ workerId }, "deliveries still in flight after the drain timeout; their leases will expire");
    await Promise.all([...new Set(Object.values(providers))].map((p) => p.close?.()));
    if (depthSource === runtime.db) depthSource = undefined;
    logger.info({ workerId }, "notification worker stopped");
  };
}
