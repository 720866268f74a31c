import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Scheduler } from "tesseract.js";

/**
 * The OCR engine: tesseract.js (Tesseract 5 LSTM compiled to WebAssembly) with the English trained
 * data shipped in the npm package @tesseract.js-data/eng (4.0.0_best_int, the model tesseract.js
 * itself downloads for LSTM-only recognition). `langPath` is that folder and `cacheMethod: "none"`,
 * so nothing is fetched from a CDN and nothing is written to the working directory.
 *
 * OCR is CPU-bound (≈0.5–1.5 s and one core per page): one scheduler per process with
 * DIGITIZATION_OCR_WORKERS workers queues the pages, so concurrent requests wait their turn instead of
 * starving the process. Workers start on first use (≈1.5 s) and stop after a minute without work.
 */
const require = createRequire(import.meta.url);
const ENG_DATA_DIR = join(dirname(require.resolve("@tesseract.js-data/eng/package.json")), "4.0.0_best_int");
const IDLE_STOP_MS = 60_000;

export interface OcrPage {
  text: string;
  /** Tesseract's mean word confidence, 0–1. */
  confidence: number;
}

let pool: { scheduler: Promise<Scheduler>; workers: number } | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let running = 0;

async function startScheduler(workers: number): Promise<Scheduler> {
  const { createScheduler, createWorker, OEM } = await import("tesseract.js");
  const scheduler = createScheduler();
  const started = await Promise.all(
    Array.from({ length: workers }, () => createWorker("eng", OEM.LSTM_ONLY, { langPath: ENG_DATA_DIR, gzip: true, cacheMethod: "none" })),
  );
  for (const worker of started) scheduler.addWorker(worker);
  return scheduler;
}

/** Reads the text of one image (PNG, JPEG, or any format Tesseract's Leptonica reads) through the shared pool. */
export async function recognizeImage(image: Buffer, workers: number): Promise<OcrPage> {
  if (!pool) pool = { scheduler: startScheduler(workers), workers };
  const current = pool;
  clearTimeout(idleTimer);
  running++;
  try {
    const scheduler = await current.scheduler;
    const { data } = await scheduler.addJob("recognize", image);
    return { text: data.text, confidence: Math.round(data.confidence) / 100 };
  } catch (err) {
    // A worker that failed to start leaves no pool behind: the next request starts a new one.
    if (pool === current && !(await current.scheduler.then(() => true, () => false))) pool = undefined;
    throw err;
  } finally {
    running--;
    if (running === 0) {
      idleTimer = setTimeout(() => void stopOcrPool(), IDLE_STOP_MS);
      idleTimer.unref();
    }
  }
}

/** Terminates the OCR workers (idle timeout, or tests). */
export async function stopOcrPool(): Promise<void> {
  const current = pool;
  pool = undefined;
  clearTimeout(idleTimer);
  if (current) await (await current.scheduler.catch(() => undefined))?.terminate();
}
