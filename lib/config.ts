import { createPrivateKey } from "node:crypto";
import { z } from "zod";

/** Roles a process can take with `npm start -- --only=<role>`. */
export const ROLES = ["gateway", "clinical", "pharmacy", "notifications", "billing", "bridge", "worker"] as const;
export type Role = (typeof ROLES)[number];

const DEV_JWT_SECRET = "dev-only-secret-change-me-0123456789abcdef";

const optionalUrl = z.string().url().optional();

function isEd25519PrivateKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === "ed25519";
  } catch {
    return false;
  }
}

const schema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  /** HTTP port of this process. */
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** Interface to bind. */
  HOST: z.string().default("0.0.0.0"),
  /** PostgreSQL URL; unset → embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  /** Where embedded PGlite keeps its files; "memory://" keeps them in memory. */
  DATA_DIR: z.string().default("./.data"),
  /** HS256 secret for bearer tokens. A development default exists only outside production. */
  JWT_SECRET: z.string().min(32).optional(),
  /** JWKS endpoint for RS256/ES256 tokens (used instead of JWT_SECRET when set). */
  JWKS_URL: optionalUrl,
  JWT_ISSUER: z.string().optional(),
  JWT_AUDIENCE: z.string().optional(),
  /** Secret the gateway signs the verified principal with for subgraphs. Defaults to JWT_SECRET. */
  INTERNAL_SECRET: z.string().min(32).optional(),
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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Browser origins allowed to call the API (comma-separated), or "*". Tokens travel in a header, never cookies. */
  CORS_ORIGINS: z.string().default("*"),
  /** Largest accepted request body in bytes. */
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** Load the demo world into an empty database at start. */
  SEED_DEMO: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /** GraphQL operation limits. */
  MAX_QUERY_DEPTH: z.coerce.number().int().positive().default(12),
  MAX_QUERY_COST: z.coerce.number().int().positive().default(500),
  MAX_QUERY_ALIASES: z.coerce.number().int().positive().default(100),
  /** Requests per minute for endpoint categories the spec leaves open (pharmacy, billing, notifications). */
  RATE_LIMIT_DEFAULT_PER_MIN: z.coerce.number().int().positive().default(300),
  /** Length of the rate-limit window; the limits are "per minute" at the default. */
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /** How long a sale may stay `processing` (its completion lease) before a retry or the sweeper takes it over. */
  PHARMACY_COMPLETION_LEASE_MS: z.coerce.number().int().positive().default(120_000),
  /** How often the worker role looks for sales whose completion lease expired (crashed completions). */
  PHARMACY_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(15_000),
  /** Notifications worker and delivery providers (all optional; defaults in subgraphs/notifications/settings.ts). */
  NOTIFICATIONS_WORKER_POLL_MS: z.coerce.number().int().positive().optional(),
  NOTIFICATIONS_WORKER_LEASE_MS: z.coerce.number().int().positive().optional(),
  NOTIFICATIONS_RETRY_BASE_MS: z.coerce.number().int().positive().optional(),
  NOTIFICATIONS_MAX_ATTEMPTS: z.coerce.number().int().positive().optional(),
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
});

export type Config = z.infer<typeof schema> & {
  jwtSecret: string;
  internalSecret: string;
  usingDevSecret: boolean;
  introspection: boolean;
};

/**
 * Parses the environment once. Nothing else in the code reads `process.env`.
 * A missing production secret fails here, at boot, not at the first request.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === "production" && !c.JWT_SECRET && !c.JWKS_URL) {
    throw new Error("Invalid configuration: JWT_SECRET or JWKS_URL is required in production");
  }
  if (c.NODE_ENV === "production" && !c.INTERNAL_SECRET && !c.JWT_SECRET) {
    throw new Error("Invalid configuration: INTERNAL_SECRET is required in production when JWKS_URL is used");
  }
  const jwtSecret = c.JWT_SECRET ?? DEV_JWT_SECRET;
  return {
    ...c,
    jwtSecret,
    internalSecret: c.INTERNAL_SECRET ?? `${jwtSecret}:internal`,
    usingDevSecret: !c.JWT_SECRET && !c.JWKS_URL,
    introspection: c.NODE_ENV !== "production",
  };
}
