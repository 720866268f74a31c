import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../lib/db.js";
import { notificationEvents, notifications } from "../../subgraphs/notifications/db/tables.js";
import { claimDueNotifications, requeueExpiredLeases } from "../../subgraphs/notifications/delivery/claim.js";
import { isLegalTransition } from "../../subgraphs/notifications/delivery/transitions.js";
import { notificationsSubgraph } from "../../subgraphs/notifications/index.js";
import { createTestDatabase, startStack, type Stack, type TestDatabase } from "../support/stack.js";
import { registerTestPatient, waitFor } from "./notifications-fake-providers.js";

/**
 * Two races of the delivery worker: a message whose lease keeps expiring (it crashes or hangs the
 * worker every time) must use up its attempts like any failure, and a provider receipt that arrives
 * before the worker has recorded SENT must not be lost.
 */

describe("a lease expiry counts as an attempt", () => {
  const MAX_ATTEMPTS = 3;
  let testDb: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await openDatabase({ url: testDb.url, dataDir: "memory://" });
    await database.migrate("notifications", notificationsSubgraph.migrationsFolder);
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  /** One round of a worker that claims and then dies: claim with a 1 ms lease, let it expire, requeue. */
  async function crashingRound(ids: string[]) {
    const claimed = await claimDueNotifications(database.db, "doomed-worker", 10, 1);
    expect(claimed.map((n) => n.id).sort()).toEqual([...ids].sort());
    await new Promise((r) => setTimeout(r, 20));
    await requeueExpiredLeases(database.db, MAX_ATTEMPTS);
  }
  const row = async (id: string) => (await database.db.select().from(notifications).where(eq(notifications.id, id)))[0];

  it("falls back to the next channel, then FAILED with the reason, once the attempts are spent; every step legal", async () => {
    const base = { template: "test_only", body: "Your result is ready", parameters: {} };
    const [withFallback, lastChannel] = await database.db
      .insert(notifications)
      .values([
        { ...base, notificationNumber: "NOTIF-LEASE-1", recipient: "+256700000901", channel: "SMS", fallbackPlan: [{ channel: "EMAIL", recipient: "lease@example.org" }] },
        { ...base, notificationNumber: "NOTIF-LEASE-2", recipient: "+256700000902", channel: "SMS" },
      ])
      .returning();

    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      await crashingRound([withFallback.id, lastChannel.id]);
      for (const id of [withFallback.id, lastChannel.id]) expect(await row(id)).toMatchObject({ status: "PENDING", channel: "SMS", attempts: attempt, leasedBy: null });
    }
    await crashingRound([withFallback.id, lastChannel.id]);
    expect(await row(withFallback.id)).toMatchObject({ status: "PENDING", channel: "EMAIL", recipient: "lease@example.org", attempts: 0, fallbackPlan: [] });
    const failed = await row(lastChannel.id);
    expect(failed).toMatchObject({ status: "FAILED", attempts: MAX_ATTEMPTS, leasedBy: null });
    expect(failed.statusReason).toMatch(/SMS gave up after 3 attempts.*lease expired/);

    // The fallback channel gets its own attempts, then the message is FAILED too; nothing more is claimed.
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) await crashingRound([withFallback.id]);
    const exhausted = await row(withFallback.id);
    expect(exhausted).toMatchObject({ status: "FAILED", channel: "EMAIL" });
    expect(exhausted.statusReason).toMatch(/EMAIL gave up after 3 attempts.*lease expired/);
    expect(await claimDueNotifications(database.db, "doomed-worker", 10, 1)).toEqual([]);

    const events = await database.db
      .select()
      .from(notificationEvents)
      .where(inArray(notificationEvents.notificationId, [withFallback.id, lastChannel.id]))
      .orderBy(asc(notificationEvents.createdAt));
    for (const e of events) expect(isLegalTransition(e.fromStatus!, e.toStatus), `${e.fromStatus} → ${e.toStatus}`).toBe(true);
    expect(events.filter((e) => e.notificationId === withFallback.id && e.toStatus === "PROCESSING")).toHaveLength(2 * MAX_ATTEMPTS);
  });
});

describe("a delivery receipt that races the worker's SENT write", () => {
  const RECEIPT_TOKEN = "receipt-token-races-0123456789";
  let stack: Stack;
  let gateway: Server;
  let admin: string;
  let nurse: string;
  /** Africa's Talking answer per phone: the delivery report status the fake posts before it answers the send. */
  const reportFor = new Map<string, string>();
  const receiptAnswers: unknown[] = [];

  beforeAll(async () => {
    // A fake Africa's Talking that posts the delivery report to our webhook *before* it answers the
    // send, so the receipt always arrives while the message is still PROCESSING.
    let counter = 0;
    gateway = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const to = new URLSearchParams(Buffer.concat(chunks).toString("utf8")).get("to") ?? "";
      const messageId = `ATX-race-${++counter}`;
      const report = await fetch(`${stack.url}/webhooks/notifications/africastalking?token=${RECEIPT_TOKEN}`, {
        method: "POST",
        body: new URLSearchParams({ id: messageId, status: reportFor.get(to) ?? "Success", phoneNumber: to, failureReason: "AbsentSubscriber" }),
      });
      receiptAnswers.push(await report.json());
      res.writeHead(201, { "content-type": "application/json" });
      res.end(JSON.stringify({ SMSMessageData: { Message: "Sent to 1/1", Recipients: [{ statusCode: 101, number: to, status: "Success", cost: "UGX 80.0000", messageId }] } }));
    });
    await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
    stack = await startStack({
      env: {
        NOTIFICATIONS_WORKER_POLL_MS: "25",
        NOTIFICATIONS_RECEIPT_TOKEN: RECEIPT_TOKEN,
        AFRICASTALKING_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
        AFRICASTALKING_USERNAME: "healthcare",
        AFRICASTALKING_API_KEY: "at-test-key",
      },
    });
    [admin, nurse] = await Promise.all([stack.token("admin"), stack.token("nurse")]);
  });
  afterAll(async () => {
    await stack?.stop();
    await new Promise((resolve) => gateway?.close(resolve));
  });

  const detail = async (id: string) => (await stack.rest("GET", `/api/v1/notifications/${id}/`, { token: admin })).body;
  async function labResult(uhid: string, prefs: Record<string, unknown>): Promise<string> {
    await registerTestPatient(stack, nurse, uhid);
    expect((await stack.rest("PUT", `/api/v1/notifications/preferences/${uhid}/`, { token: nurse, body: prefs })).status).toBe(200);
    const res = await stack.rest("POST", "/api/v1/triggers/lab-result/", { token: nurse, body: { patient_uhid: uhid, observation_id: "OBS-R", test_name: "CD4 count", ordered_by: "Dr. Okello", facility_name: "Mulago" } });
    expect(res.body.status).toBe("PENDING");
    return res.body.notification_id;
  }

  it("is held and applied when the worker records SENT: SENT → DELIVERED", async () => {
    const id = await labResult("UG-RACE-0001", { channels: ["SMS"], phone: "+256700000911" });
    const n = await waitFor(async () => {
      const d = await detail(id);
      return d.status === "DELIVERED" ? d : undefined;
    }, 5_000, "the early receipt to be applied");
    expect(receiptAnswers[0]).toEqual({ received: 1, applied: 0 });
    expect(n.provider_message_id).toMatch(/^ATX-race-/);
    expect(n.events.map((e: { to_status: string }) => e.to_status)).toEqual(expect.arrayContaining(["PROCESSING", "SENT", "DELIVERED"]));
    expect(n.events.some((e: { detail: string }) => /receipt arrived before SENT was recorded/.test(e.detail))).toBe(true);
  });

  it("a failure report that raced SENT falls back to the next channel", async () => {
    reportFor.set("+256700000912", "Failed");
    const id = await labResult("UG-RACE-0002", { channels: ["SMS", "EMAIL"], phone: "+256700000912", email: "race@example.org" });
    const n = await waitFor(async () => {
      const d = await detail(id);
      return d.status === "DELIVERED" ? d : undefined;
    }, 5_000, "the fallback e-mail to be delivered");
    expect(n.channel).toBe("EMAIL");
    const statuses = n.events.map((e: { from_status: string | null; to_status: string }) => `${e.from_status}→${e.to_status}`);
    expect(statuses).toEqual(expect.arrayContaining(["SENT→PENDING"]));
  });
});
