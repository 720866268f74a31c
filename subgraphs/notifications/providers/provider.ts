import type { Channel } from "../channels.js";

/** One message handed to a provider. */
export interface OutgoingMessage {
  notificationId: string;
  /** Same on every attempt of this message on this channel, so a provider can drop repeats. */
  idempotencyKey: string;
  channel: Channel;
  recipient: string;
  subject: string | null;
  body: string;
}

/**
 * What a provider made of a message:
 * - `sent`: accepted (SENT); `delivered` when the provider confirms delivery at once.
 * - `retry`: a transient failure (5xx, timeout, connection refused, throttling): try again later.
 * - `rejected`: a permanent failure (bad number, blacklisted, auth): do not retry this channel.
 * (Knock: retry only on 5xx or timeouts, always with the same idempotency key.)
 */
export type ProviderResult =
  | { outcome: "sent"; messageId: string; delivered?: boolean; response?: unknown }
  | { outcome: "retry"; error: string; response?: unknown }
  | { outcome: "rejected"; error: string; response?: unknown };

export interface DeliveryProvider {
  /** Stored on the notification; receipts are matched by (provider, provider message id). */
  name: string;
  send(message: OutgoingMessage, signal: AbortSignal): Promise<ProviderResult>;
  close?(): Promise<void>;
}

/** HTTP statuses worth retrying: the provider is down or throttling, not refusing the message. */
export function isTransientStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

/** Network failures and timeouts are transient. */
export function transientError(err: unknown): ProviderResult {
  const e = err as Error;
  return { outcome: "retry", error: e.name === "TimeoutError" || e.name === "AbortError" ? "provider timed out" : `provider unreachable: ${e.message}` };
}

/** Reads a JSON answer without failing on an empty or non-JSON body. */
export async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}
