import { createPrivateKey } from "node:crypto";
import { z } from "zod";
import { isPhoneRegion, type PhoneRegion } from "./phone.js";
import { readSigningKey } from "./principal-keys.js";

/** What a subgraph accepts as proof of the caller (SUBGRAPH_AUTH; lib/subgraph-auth.ts). */
export const SUBGRAPH_AUTH_MODES = ["secret", "jwks", "bearer"] as const;
export type SubgraphAuthMode = (typeof SUBGRAPH_AUTH_MODES)[number];

/** Roles a process can take with `npm start -- --only=<role>`. */
export const ROLES = ["gateway", "clinical", "pharmacy", "notifications", "billing", "bridge", "worker"] as const;
export type Role = (typeof ROLES)[number];

const DEV_JWT_SECRET = "dev-only-secret-change-me-0123456789abcdef";

const optionalUrl = z.url("must be a URL such as http://host:port").optional();
/** A whole number from the environment, with a message that says so (zod's default speaks of NaN). */
const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number("must be a number").int("must be a whole number").min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);
const booleanFlag = z.enum(["true", "false"], "must be true or false").transform((v) => v === "true");

function isEd25519PrivateKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === "ed25519";
  } catch {
    return false;
  }
}

/**
 * Every environment variable the service reads, with its default. `.env.example` and the README's
 * configuration table list the same names (test/e2e/ops-env-lists.test.ts).
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  /** HTTP port of this process. */
  PORT: wholeNumber(0, 65535).default(4000),
  /** Interface to bind. */
  HOST: z.string().default("0.0.0.0"),
  /** PostgreSQL URL; unset → embedded PGlite under DATA_DIR (refused in production without ALLOW_EMBEDDED_DATABASE). */
  DATABASE_URL: z.string().optional(),
  /** Production only: "true" lets a process run on embedded PGlite (a single-node trial, not a deployment). */
  ALLOW_EMBEDDED_DATABASE: booleanFlag.optional(),
  /**
   * PostgreSQL: statements named (prepared) on their connection, parsed once (default true); "false"
   * behind a pooler that cannot keep them (PgBouncer before 1.21 in transaction mode).
   */
  DATABASE_PREPARED_STATEMENTS: booleanFlag.default(true),
  /** Where embedded PGlite keeps its files; "memory://" keeps them in memory. */
  DATA_DIR: z.string().default("./.data"),
  /** HS256 secret for bearer tokens. A development default exists only outside production. */
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** JWKS endpoint for RS256/ES256 tokens (used instead of JWT_SECRET when set). */
  JWKS_URL: optionalUrl,
  JWT_ISSUER: z.string().optional(),
  JWT_AUDIENCE: z.string().optional(),
  /** Secret the gateway signs the verified principal with for subgraphs. Defaults to JWT_SECRET. */
  INTERNAL_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * How the gateway seals the principal for subgraphs: "secret" (HS256 with INTERNAL_SECRET) or "jwks"
   * (its own key, GATEWAY_SIGNING_KEY, public half at /.well-known/jwks.json). Default: jwks when
   * GATEWAY_SIGNING_KEY is set, else secret.
   */
  PRINCIPAL_SIGNING: z.enum(["secret", "jwks"], "must be secret or jwks").optional(),
  /** The gateway's private key for PRINCIPAL_SIGNING=jwks: PKCS#8 PEM or private JWK, Ed25519 or EC P-256. */
  GATEWAY_SIGNING_KEY: z
    .string()
    .refine((v) => readSigningKey(v) !== undefined, "must be an Ed25519 or EC P-256 private key, as PKCS#8 PEM or a private JWK")
    .optional(),
  /** Subgraphs: the gateway's published key set, to verify principals it signed with its key. */
  GATEWAY_JWKS_URL: optionalUrl,
  /**
   * Subgraphs: what they accept as the caller, comma-separated: secret, jwks, bearer (the caller's own
   * JWT, for a router that only forwards Authorization). Default: jwks when GATEWAY_JWKS_URL is set or
   * PRINCIPAL_SIGNING=jwks, else secret.
   */
  SUBGRAPH_AUTH: z
    .string()
    .transform((v) => v.split(",").map((m) => m.trim()).filter(Boolean))
    .pipe(z.array(z.enum(SUBGRAPH_AUTH_MODES, "each must be secret, jwks or bearer")).min(1, "must name at least one of secret, jwks, bearer"))
    .optional(),
  /**
   * Ed25519 private key (PKCS#8 PEM) that signs clinical audit checkpoints. Unset → derived from
   * INTERNAL_SECRET (stable, but whoever holds that secret can sign).
   */
  AUDIT_SIGNING_KEY: z
    .string()
    .refine(isEd25519PrivateKey, "must be an Ed25519 private key in PKCS#8 PEM (openssl genpkey -algorithm ed25519)")
    .optional(),
  /** Split mode: each subgraph's GraphQL endpoint (…/graphql). Unset → the subgraph runs in this process. */
  CLINICAL_SUBGRAPH_URL: optionalUrl,
  PHARMACY_SUBGRAPH_URL: optionalUrl,
  NOTIFICATIONS_SUBGRAPH_URL: optionalUrl,
  BILLING_SUBGRAPH_URL: optionalUrl,
  /** Split mode: where the bridge finds the gateway (base URL). */
  GATEWAY_URL: optionalUrl,
  /** The spec's {billing_url} and {notifications_url} (base URLs). Unset → this service itself. */
  BILLING_URL: optionalUrl,
  NOTIFICATIONS_URL: optionalUrl,
  /** Redis for shared rate-limit counters; unset → in memory. */
  REDIS_URL: z.string().optional(),
  /** Prefix of the rate-limit keys in Redis (several deployments or test runs may share one Redis). */
  RATE_LIMIT_KEY_PREFIX: z.string().default("hc:rl:"),
  /** OTLP/HTTP collector base URL (…/v1/traces is appended); set → traces are exported, unset → tracing is off. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  /** `service.name` of exported traces. */
  OTEL_SERVICE_NAME: z.string().min(1).default("healthcare-api"),
  /** Apollo Gateway's own telemetry (cloud metadata probes, usage metrics to Apollo): off unless "false" (docs/decisions/security.md, "No calls home"). */
  APOLLO_TELEMETRY_DISABLED: booleanFlag.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Browser origins allowed to call the API (comma-separated), or "*". Tokens travel in a header, never cookies. */
  CORS_ORIGINS: z.string().default("*"),
  /** Largest accepted request body in bytes. */
  BODY_LIMIT_BYTES: wholeNumber(1).default(1_048_576),
  /** Largest document accepted for digitization (the file itself; the multipart body may be slightly larger). */
  DIGITIZATION_MAX_BYTES: wholeNumber(1).default(10_485_760),
  /** OCR workers (tesseract.js threads) per clinical process: each OCR job takes one core while it runs. */
  DIGITIZATION_OCR_WORKERS: wholeNumber(1).default(1),
  /** Pages of a scanned PDF (or multi-page TIFF) that are OCR'd; later pages are reported as not read. */
  DIGITIZATION_OCR_MAX_PAGES: wholeNumber(1).default(10),
  /** Load the demo world into an empty database at start; default true, false in production. */
  SEED_DEMO: booleanFlag.optional(),
  /** Bearer (or Basic password) for /metrics, /schema.graphql, /openapi.json and /docs; required for them in production. */
  ADMIN_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
  /** How long a stopping process waits for in-flight requests and deliveries before closing anyway. */
  SHUTDOWN_DRAIN_MS: wholeNumber(0).default(10_000),
  /** How long this process's HTTP server keeps an idle keep-alive connection open; above every caller's idle timeout (and a load balancer's 60 s). */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: wholeNumber(1).default(65_000),
  /** How long this process keeps an idle connection to another role (subgraph, gateway, bridge) before closing it itself; below the servers' keep-alive timeout (Node's default is 5 s). */
  UPSTREAM_IDLE_TIMEOUT_MS: wholeNumber(1).default(4_000),
  /** GraphQL operation limits. */
  MAX_QUERY_DEPTH: wholeNumber(1).default(12),
  MAX_QUERY_COST: wholeNumber(1).default(500),
  MAX_QUERY_ALIASES: wholeNumber(1).default(100),
  /** Requests per minute for endpoint categories the spec leaves open (pharmacy, billing, notifications). */
  RATE_LIMIT_DEFAULT_PER_MIN: wholeNumber(1).default(300),
  /** Length of the rate-limit window; the limits are "per minute" at the default. */
  RATE_LIMIT_WINDOW_MS: wholeNumber(1).default(60_000),
  /** How long a sale may stay `processing` (its completion lease) before a retry or the sweeper takes it over. */
  PHARMACY_COMPLETION_LEASE_MS: wholeNumber(1).default(120_000),
  /** How often the worker role looks for sales whose completion lease expired (crashed completions). */
  PHARMACY_SWEEP_INTERVAL_MS: wholeNumber(1).default(15_000),
  /** How often the worker role delivers the pharmacy's due outbox messages (pickup ready). */
  PHARMACY_OUTBOX_INTERVAL_MS: wholeNumber(1).default(5_000),
  /** First retry delay of an outbox message the notification service did not take; doubles per attempt (at most 10 min). */
  PHARMACY_OUTBOX_RETRY_BASE_MS: wholeNumber(1).default(2_000),
  /** How long one deliverer holds an outbox message; after that another may try it (same Idempotency-Key). */
  PHARMACY_OUTBOX_LEASE_MS: wholeNumber(1).default(60_000),
  /**
   * Country of phone numbers typed without a country code ("0772 123 456" → +256772123456): an ISO
   * 3166-1 alpha-2 code with a numbering plan (lib/phone.ts). Numbers with a country code keep theirs.
   */
  DEFAULT_PHONE_REGION: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isPhoneRegion, "must be an ISO 3166-1 alpha-2 country code with a telephone numbering plan, e.g. UG, KE or TZ")
    .transform((v) => v as PhoneRegion)
    .default("UG"),
  /** Notifications worker and delivery providers (all optional; defaults in subgraphs/notifications/settings.ts). */
  NOTIFICATIONS_WORKER_POLL_MS: wholeNumber(1).optional(),
  NOTIFICATIONS_WORKER_LEASE_MS: wholeNumber(1).optional(),
  NOTIFICATIONS_RETRY_BASE_MS: wholeNumber(1).optional(),
  NOTIFICATIONS_MAX_ATTEMPTS: wholeNumber(1).optional(),
  NOTIFICATIONS_RECEIPT_TOKEN: z.string().min(16).optional(),
  AFRICASTALKING_URL: optionalUrl,
  AFRICASTALKING_USERNAME: z.string().optional(),
  AFRICASTALKING_API_KEY: z.string().optional(),
  AFRICASTALKING_SENDER_ID: z.string().optional(),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().optional(),
  FCM_URL: optionalUrl,
  FCM_PROJECT_ID: z.string().optional(),
  FCM_ACCESS_TOKEN: z.string().optional(),
  WHATSAPP_URL: optionalUrl,
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().optional(),
  /**
   * Optional OpenAI-compatible endpoint (base URL ending before /chat/completions) that may polish the
   * narrative text of a SOAP note. Never required, never a source of facts; unset → template text only.
   */
  LLM_BASE_URL: optionalUrl,
  /** Model name sent to LLM_BASE_URL; required when LLM_BASE_URL is set. */
  LLM_MODEL: z.string().min(1, "must not be empty").optional(),
  /** Bearer key for LLM_BASE_URL, when the endpoint needs one. */
  LLM_API_KEY: z.string().optional(),
  /** How long a SOAP note waits for LLM_BASE_URL before keeping the template text (with a warning). */
  LLM_TIMEOUT_MS: wholeNumber(100, 30_000).default(3_000),
  /**
   * How long one call from a service to another (a subgraph asking the gateway, the pharmacy asking
   * billing or notifications) may take before it counts as failed: UPSTREAM_UNAVAILABLE (REST 503)
   * once its retries, if any, are spent.
   */
  UPSTREAM_TIMEOUT_MS: wholeNumber(100, 120_000).default(5_000),
});

/** The names of every variable in the schema (the source of truth for the lists that must agree). */
export const CONFIG_VARIABLES = Object.keys(configSchema.shape) as (keyof typeof configSchema.shape)[];

export type Config = Omit<z.infer<typeof configSchema>, "SEED_DEMO" | "ALLOW_EMBEDDED_DATABASE" | "APOLLO_TELEMETRY_DISABLED" | "PRINCIPAL_SIGNING" | "SUBGRAPH_AUTH"> & {
  SEED_DEMO: boolean;
  ALLOW_EMBEDDED_DATABASE: boolean;
  APOLLO_TELEMETRY_DISABLED: boolean;
  PRINCIPAL_SIGNING: "secret" | "jwks";
  /** SUBGRAPH_AUTH with its default applied. */
  subgraphAuth: SubgraphAuthMode[];
  jwtSecret: string;
  internalSecret: string;
  usingDevSecret: boolean;
  introspection: boolean;
};

/**
 * A configuration the process must not start with: one problem per entry, each naming its variable
 * ("PORT: must be …"). main.ts prints one line per problem and exits 2, without a stack trace.
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join("; ")}`);
    this.name = "ConfigError";
  }
}

/**
 * Parses the environment once. Nothing else in the code reads `process.env`.
 * A missing production secret fails here, at boot, not at the first request.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    // Values are never echoed: they may be secrets.
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const c = parsed.data;
  const production = c.NODE_ENV === "production";
  const problems: string[] = [];
  if (production && !c.JWT_SECRET && !c.JWKS_URL) problems.push("JWT_SECRET: required in production (or JWKS_URL)");
  if (production && c.JWKS_URL && !c.INTERNAL_SECRET && !c.JWT_SECRET) problems.push("INTERNAL_SECRET: required in production when JWKS_URL is used");
  // Tokens minted by `npm run token` without a real secret are signed with the development secret.
  if (production && c.JWT_SECRET === DEV_JWT_SECRET) problems.push("JWT_SECRET: the development secret is refused in production");
  if (production && c.INTERNAL_SECRET?.startsWith(DEV_JWT_SECRET)) problems.push("INTERNAL_SECRET: the development secret is refused in production");
  if (c.LLM_BASE_URL && !c.LLM_MODEL) problems.push("LLM_MODEL: required when LLM_BASE_URL is set");
  if (problems.length) throw new ConfigError(problems);
  const jwtSecret = c.JWT_SECRET ?? DEV_JWT_SECRET;
  const principalSigning = c.PRINCIPAL_SIGNING ?? (c.GATEWAY_SIGNING_KEY ? "jwks" : "secret");
  const { SUBGRAPH_AUTH, ...rest } = c;
  return {
    ...rest,
    PRINCIPAL_SIGNING: principalSigning,
    subgraphAuth: SUBGRAPH_AUTH ?? [c.GATEWAY_JWKS_URL || principalSigning === "jwks" ? "jwks" : "secret"],
    SEED_DEMO: c.SEED_DEMO ?? !production,
    ALLOW_EMBEDDED_DATABASE: c.ALLOW_EMBEDDED_DATABASE ?? false,
    APOLLO_TELEMETRY_DISABLED: c.APOLLO_TELEMETRY_DISABLED ?? true,
    jwtSecret,
    internalSecret: c.INTERNAL_SECRET ?? `${jwtSecret}:internal`,
    usingDevSecret: !c.JWT_SECRET && !c.JWKS_URL,
    introspection: !production,
  };
}

/** Roles that keep data (a subgraph's tables, or the notification queue). */
const DATABASE_ROLES: readonly Role[] = ["clinical", "pharmacy", "notifications", "billing", "worker"];

/**
 * What a production process taking `roles` cannot run without, beyond single variables: a real
 * database for the roles that keep data (unless ALLOW_EMBEDDED_DATABASE names the embedded one), and
 * ADMIN_TOKEN for a bridge that reads the API schema from a remote gateway's protected /schema.graphql.
 */
export function productionProblems(c: Config, roles: readonly Role[]): string[] {
  if (c.NODE_ENV !== "production") return [];
  const problems: string[] = [];
  if (!c.DATABASE_URL && !c.ALLOW_EMBEDDED_DATABASE && roles.some((r) => DATABASE_ROLES.includes(r))) {
    problems.push("DATABASE_URL: required in production (set ALLOW_EMBEDDED_DATABASE=true to run on embedded PGlite instead)");
  }
  if (roles.includes("gateway") && c.PRINCIPAL_SIGNING === "jwks" && !c.GATEWAY_SIGNING_KEY) {
    problems.push("GATEWAY_SIGNING_KEY: required in production when PRINCIPAL_SIGNING=jwks (every gateway replica must sign with the key subgraphs trust)");
  }
  if (roles.includes("bridge") && !roles.includes("gateway") && !c.ADMIN_TOKEN) {
    problems.push("ADMIN_TOKEN: required in production for a bridge without the gateway (it reads the gateway's /schema.graphql)");
  }
  return problems;
}
