import { pino, type Logger } from "pino";

export type { Logger };

/** The one JSON logger; every request logs through a child carrying `requestId`. */
export function createLogger(level: string, name = "healthcare-api"): Logger {
  return pino({ name, level, base: { pid: process.pid } });
}
