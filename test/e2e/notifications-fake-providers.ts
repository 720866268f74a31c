/**
 * Small provider servers on 127.0.0.1 (port 0) for the notification tests: one HTTP server speaking
 * the Africa's Talking SMS, FCM HTTP v1 and WhatsApp Cloud API shapes, and an SMTP server.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface RecordedRequest {
  api: "africastalking" | "fcm" | "whatsapp";
  recipient: string;
  body: Record<string, unknown>;
  headers: IncomingMessage["headers"];
  idempotencyKey: string;
}

/** How the fake answers a recipient: accept, a 5xx, a permanent per-recipient rejection, or slowly. */
export type Behaviour = "accept" | "fail-5xx" | "reject" | { delayMs: number };

export interface FakeHttpProviders {
  url: string;
  requests: RecordedRequest[];
  /** Behaviour per recipient (phone number, push token); "accept" otherwise. */
  behaviour: Map<string, Behaviour>;
  defaultBehaviour: Behaviour;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeHttpProviders(): Promise<FakeHttpProviders> {
  let counter = 0;
  const fake: FakeHttpProviders = { url: "", requests: [], behaviour: new Map(), defaultBehaviour: "accept", close: async () => {} };
  const server: Server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? "/", "http://x");
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    let api: RecordedRequest["api"];
    let recipient: string;
    let body: Record<string, unknown>;
    if (req.method === "POST" && url.pathname === "/version1/messaging") {
      api = "africastalking";
      body = Object.fromEntries(new URLSearchParams(raw));
      recipient = String(body.to);
    } else if (req.method === "POST" && /^\/v1\/projects\/[^/]+\/messages:send$/.test(url.pathname)) {
      api = "fcm";
      body = JSON.parse(raw);
      recipient = (body.message as { token: string }).token;
    } else if (req.method === "POST" && /^\/[^/]+\/messages$/.test(url.pathname)) {
      api = "whatsapp";
      body = JSON.parse(raw);
      recipient = String(body.to);
    } else {
      return json(404, { error: "not found" });
    }
    fake.requests.push({ api, recipient, body, headers: req.headers, idempotencyKey: String(req.headers["idempotency-key"] ?? "") });
    const behaviour = fake.behaviour.get(recipient) ?? fake.defaultBehaviour;
    if (typeof behaviour === "object") await new Promise((r) => setTimeout(r, behaviour.delayMs));
    if (behaviour === "fail-5xx") return json(503, { error: "temporarily unavailable" });
    const id = `${api}-msg-${++counter}`;
    if (api === "africastalking") {
      const recipientAnswer =
        behaviour === "reject"
          ? { statusCode: 403, number: recipient, status: "InvalidPhoneNumber", cost: "0" }
          : { statusCode: 101, number: recipient, status: "Success", cost: "UGX 80.0000", messageId: id };
      return json(201, { SMSMessageData: { Message: "Sent to 1/1 Total Cost: UGX 80.0000", Recipients: [recipientAnswer] } });
    }
    if (behaviour === "reject") return json(api === "fcm" ? 404 : 400, { error: { status: "UNREGISTERED", message: "invalid recipient" } });
    if (api === "fcm") return json(200, { name: `projects/demo/messages/${id}` });
    return json(200, { messaging_product: "whatsapp", contacts: [{ input: recipient, wa_id: recipient }], messages: [{ id }] });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface FakeSmtp {
  url: string;
  mails: ReceivedMail[];
  /** Recipients refused with a permanent 550. */
  refuse: Set<string>;
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const fake: FakeSmtp = { url: "", mails: [], refuse: new Set(), close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (fake.refuse.has(address.address)) return callback(Object.assign(new Error("mailbox unavailable"), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        fake.mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  fake.url = `smtp://127.0.0.1:${port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

/**
 * Polls until `check` returns a truthy value (or fails after `timeoutMs`). The interval doubles from
 * 25 ms to 250 ms: a check that is an HTTP request must not spend the caller's rate limit (300 a
 * minute) on a slow machine, where the CI run once saw 429s in place of the list it polled.
 */
export async function waitFor<T>(check: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 10_000, what = "condition"): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let intervalMs = 25; ; intervalMs = Math.min(intervalMs * 2, 250)) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * Registers a patient with no contact points (unknown UHIDs are 404 on triggers and preferences), so
 * only the preferences a test sets reach them.
 */
export async function registerTestPatient(stack: { rest(method: string, path: string, o: { token: string; body: unknown }): Promise<{ status: number; body: unknown }> }, token: string, uhid: string): Promise<void> {
  const res = await stack.rest("POST", "/api/v1/uhid/", { token, body: { uhid, given_name: "Test", family_name: uhid, sex: "female", birth_date: "1990-01-01" } });
  if (res.status !== 201) throw new Error(`could not register ${uhid}: ${JSON.stringify(res.body)}`);
}
