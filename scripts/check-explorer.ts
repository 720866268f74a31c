/**
 * Checks the GraphQL explorer in a real headless Chromium: loads GET /graphql, pastes a token in the
 * token field, runs the preloaded cross-subgraph tab (PatientOverview), waits for its result and saves
 * a screenshot to docs/explorer.png. Fails when the page asks any other origin for anything.
 *
 *   npm run check:explorer                           # starts a server in this process (in-memory, demo world)
 *   npm run check:explorer -- --url http://localhost:4000   # a running development server (same JWT_SECRET)
 *
 * Chromium comes from the system (Debian: apt-get install chromium), or CHROME_PATH; without one the
 * script says so and exits 0. Not part of CI: test/e2e/graphql-explorer.test.ts checks the page there.
 */
import "reflect-metadata";
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import puppeteer from "puppeteer-core";
import { mintToken } from "../lib/auth.js";
import { loadConfig } from "../lib/config.js";
import { createLogger } from "../lib/logger.js";
import { startServer, type RunningServer } from "../server.js";

const CHROMIUM_PATHS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"];
const SCREENSHOT = new URL("../docs/explorer.png", import.meta.url);

const { values } = parseArgs({ options: { url: { type: "string" }, screenshot: { type: "string" } } });
const executablePath = [process.env.CHROME_PATH, ...CHROMIUM_PATHS].find((p): p is string => Boolean(p) && existsSync(p!));
if (!executablePath) {
  console.log("check-explorer: skipped, no Chromium found (apt-get install chromium, or set CHROME_PATH)");
  process.exit(0);
}

const config = loadConfig(values.url ? process.env : { ...process.env, NODE_ENV: "development", PORT: "0", HOST: "127.0.0.1", DATA_DIR: "memory://", SEED_DEMO: "true", LOG_LEVEL: "warn" });
let server: RunningServer | undefined;
if (!values.url) server = await startServer({ config, logger: createLogger(config.LOG_LEVEL) });
const base = (values.url ?? `http://127.0.0.1:${server!.port}`).replace(/\/$/, "");
const token = await mintToken(config.jwtSecret, { sub: "explorer-check", roles: ["physician"] });

const browser = await puppeteer.launch({ executablePath, headless: true, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
const foreign: string[] = [];
const failed: string[] = [];
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1440, height: 900 });
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (url.origin !== base && url.protocol !== "data:") foreign.push(req.url());
  });
  page.on("response", (res) => {
    if (res.status() >= 400 && !/\.map$|\/favicon\.ico$/.test(res.url())) failed.push(`${res.status()} ${res.request().method()} ${res.url()} ${res.request().postData() ?? ""}`.slice(0, 300));
  });
  await page.goto(`${base}/graphql`, { waitUntil: "networkidle0" });
  await page.waitForSelector(".graphiql-container .graphiql-execute-button", { timeout: 15_000 });
  const tab = await page.$eval(".graphiql-tab-active", (el) => el.textContent ?? "");
  if (!tab.startsWith("PatientOverview")) throw new Error(`the first tab should be PatientOverview, not ${tab}`);

  await page.type("#token", token);
  await page.click(".graphiql-execute-button");
  await page
    .waitForFunction(() => (document.querySelector(".result-window") as HTMLElement | null)?.innerText.includes('"totalCount"'), { timeout: 20_000 })
    .catch(async (err) => {
      const shown = await page.$eval(".result-window", (el) => (el as HTMLElement).innerText).catch(() => "(no result pane)");
      await page.screenshot({ path: "/tmp/check-explorer-failure.png" });
      throw new Error(`no result within 20 s (page saved to /tmp/check-explorer-failure.png); the result pane shows:\n${shown}`, { cause: err });
    });
  const result = await page.$eval(".result-window", (el) => (el as HTMLElement).innerText);
  if (!result.includes('"givenName"') || result.includes('"errors"')) throw new Error(`unexpected result:\n${result}`);
  if (foreign.length) throw new Error(`the page asked other origins for:\n${foreign.join("\n")}`);
  if (failed.length) throw new Error(`requests failed:\n${failed.join("\n")}`);

  const path = values.screenshot ?? SCREENSHOT.pathname;
  await page.screenshot({ path: path as `${string}.png` });
  console.log(`check-explorer: ok (GraphiQL from ${base} only, PatientOverview answered); screenshot ${path}`);
} finally {
  await browser.close();
  await server?.stop();
}
