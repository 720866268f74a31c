/**
 * Legal status changes (the spec lists the states; "Transitions: not shown", so these are ours):
 *
 *   (new) → PENDING | FAILED (no contact point) | CANCELLED (no consent)
 *   PENDING → PROCESSING (claimed) | CANCELLED (cancel)
 *   PROCESSING → SENT | PENDING (retry, fallback, lease expired) | FAILED (out of attempts and channels)
 *   SENT → DELIVERED | FAILED (receipt) | PENDING (failure receipt, next channel)
 *   DELIVERED, FAILED, CANCELLED: final
 */
export const TRANSITIONS: Record<string, readonly string[]> = {
  PENDING: ["PROCESSING", "CANCELLED"],
  PROCESSING: ["SENT", "PENDING", "FAILED"],
  SENT: ["DELIVERED", "FAILED", "PENDING"],
  DELIVERED: [],
  FAILED: [],
  CANCELLED: [],
};

export function isLegalTransition(from: string, to: string): boolean {
  return TRANSITIONS[from]?.includes(to) ?? false;
}

export function assertLegalTransition(from: string, to: string): void {
  if (!isLegalTransition(from, to)) throw new Error(`Illegal notification transition ${from} → ${to}`);
}

/**
 * Delay before retry `attempt` (1-based): exponential from `baseMs`, with "equal jitter" (half fixed,
 * half random) so retries of many messages spread out, capped at `capMs`.
 * (AWS Architecture Blog, "Exponential Backoff And Jitter"; Knock retries with backoff and jitter.)
 */
export function retryDelayMs(attempt: number, baseMs: number, capMs = 15 * 60_000, random = Math.random): number {
  const exp = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}
