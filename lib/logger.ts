import { pino, type DestinationStream, type Logger } from "pino";

export type { Logger };

/** The one JSON logger (stdout unless a destination is given); every request logs with its `requestId`. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { name: "healthcare-api", level, base: { pid: process.pid } };
  return destination ? pino(options, destination) : pino(options);
}
