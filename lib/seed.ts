import { readFileSync } from "node:fs";

/** Reads one demo data file from seed/demo/. */
export function readDemoFile<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../seed/demo/${name}`, import.meta.url), "utf8")) as T;
}

/** The ISO date `days` days before `today` (demo data is stored relative to the seeding day). */
export function isoDateDaysAgo(days: number, today = new Date()): string {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - days * 86_400_000)
    .toISOString()
    .slice(0, 10);
}
