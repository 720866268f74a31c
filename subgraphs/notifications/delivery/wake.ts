/**
 * In-process nudge: a trigger that commits a PENDING notification wakes the workers of this process
 * at once instead of waiting for their next poll (the critical-value path targets well under 1 s).
 * Workers in other processes still find the message on their next poll.
 */
const listeners = new Set<() => void>();

export function onWake(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function wakeWorkers(): void {
  for (const listener of listeners) listener();
}
