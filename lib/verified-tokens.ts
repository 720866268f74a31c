/**
 * Tokens whose signature and claims were checked, remembered by their exact bytes so the same token
 * is not checked again on every request (docs/decisions/security.md, "Verified once"). An entry lasts
 * until the earlier of the token's own `exp` and `maxAgeMs` after the check, so an expired token is
 * never accepted and a key withdrawn from a key set stops being honoured within `maxAgeMs`. Failed
 * checks are not remembered. At `max` entries the oldest entry makes room, so memory is bounded
 * whatever the number of callers. The gateway keeps the principals it signed the same way, by
 * principal (lib/principal-keys.ts, reuseSealed).
 */
export class VerifiedTokens<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();

  constructor(private readonly o: { max: number; maxAgeMs: number }) {}

  /** What the token was verified as, while its entry lasts. */
  get(token: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (now < entry.until) return entry.value;
    this.entries.delete(token);
    return undefined;
  }

  /** Remembers a token just verified; `expSeconds` is its `exp` claim. */
  set(token: string, value: T, expSeconds: number, now = Date.now()): void {
    if (this.entries.size >= this.o.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { value, until: Math.min(expSeconds * 1000, now + this.o.maxAgeMs) });
  }

  /** Forgets an entry (a signature that failed after it was kept). */
  delete(token: string): void {
    this.entries.delete(token);
  }

  get size(): number {
    return this.entries.size;
  }
}
