/**
 * The parts of /openapi.json that are not generated from the route table: reusable error answers with
 * their headers, the Idempotency-Key parameter, and the service paths outside /api/v1 (health,
 * metrics, GraphQL, schema, delivery receipts) so the document lists every path the server answers.
 */

type Json = Record<string, unknown>;

const errorBody = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
const rateLimitHeader = (description: string) => ({ description, schema: { type: "integer", minimum: 0 } });

/** Error statuses an operation may declare, with the name of their component response. */
export const ERROR_RESPONSES = {
  400: "BadRequest",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  409: "Conflict",
  413: "PayloadTooLarge",
  415: "UnsupportedMediaType",
  429: "TooManyRequests",
  502: "BadGateway",
  503: "ServiceUnavailable",
} as const;
export type ErrorStatus = keyof typeof ERROR_RESPONSES;

export const COMPONENTS = {
  securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
  parameters: {
    IdempotencyKey: {
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description: "Retry-safe key (1-255 characters): a repeat with the same key and body answers as the first and does nothing twice; the same key with another body is 409.",
      schema: { type: "string", minLength: 1, maxLength: 255 },
    },
  },
  headers: {
    "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer", minimum: 0 } },
    "RateLimit-Limit": rateLimitHeader("Requests allowed per window for this credential and category."),
    "RateLimit-Remaining": rateLimitHeader("Requests left in the current window."),
    "RateLimit-Reset": rateLimitHeader("Seconds until the window resets."),
    "WWW-Authenticate": { description: 'Bearer challenge, e.g. `Bearer realm="healthcare-api"`.', schema: { type: "string" } },
  },
  responses: {
    BadRequest: { description: "Invalid input; `fields` names each problem (snake_case paths).", content: errorBody },
    Unauthorized: {
      description: "Missing, expired or invalid bearer token.",
      headers: { "WWW-Authenticate": { $ref: "#/components/headers/WWW-Authenticate" } },
      content: errorBody,
    },
    Forbidden: { description: "Not allowed for this role or pharmacy.", content: errorBody },
    NotFound: { description: "No such record (a path id that is not a UUID is not found either).", content: errorBody },
    Conflict: { description: "Conflicts with the current state, or an Idempotency-Key reused with another body.", content: errorBody },
    PayloadTooLarge: { description: "Body larger than BODY_LIMIT_BYTES.", content: errorBody },
    UnsupportedMediaType: { description: "Body is not `application/json`.", content: errorBody },
    TooManyRequests: {
      description: "Rate limit exceeded for this credential and category.",
      headers: {
        "Retry-After": { $ref: "#/components/headers/Retry-After" },
        "RateLimit-Limit": { $ref: "#/components/headers/RateLimit-Limit" },
        "RateLimit-Remaining": { $ref: "#/components/headers/RateLimit-Remaining" },
        "RateLimit-Reset": { $ref: "#/components/headers/RateLimit-Reset" },
      },
      content: errorBody,
    },
    BadGateway: { description: "An upstream service (billing) refused the call (`UPSTREAM_ERROR`).", content: errorBody },
    ServiceUnavailable: { description: "An upstream service is unavailable (`UPSTREAM_UNAVAILABLE`); retry with backoff.", content: errorBody },
  },
  schemas: {
    Error: {
      type: "object",
      required: ["error"],
      properties: {
        error: {
          type: "object",
          required: ["code", "message"],
          properties: {
            code: { type: "string", examples: ["BAD_USER_INPUT"] },
            message: { type: "string" },
            fields: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
          },
        },
      },
    },
  },
};

const text = (description: string, type = "text/plain") => ({ description, content: { [type]: { schema: { type: "string" } } } });
const json = (description: string, schema: Json = { type: "object", additionalProperties: true }) => ({ description, content: { "application/json": { schema } } });
const open = { security: [] as unknown[] };
const receiptToken = [
  { name: "token", in: "query", required: false, description: "NOTIFICATIONS_RECEIPT_TOKEN (or the `x-receipt-token` header).", schema: { type: "string" } },
  { name: "x-receipt-token", in: "header", required: false, schema: { type: "string" } },
];
const receiptErrors = { "400": { $ref: "#/components/responses/BadRequest" }, "401": { $ref: "#/components/responses/Unauthorized" } };

/** Paths the server answers outside the route table (server.ts, gateway, notifications receipts). */
export const SERVICE_PATHS: Record<string, Json> = {
  "/healthz": { get: { operationId: "Healthz", summary: "Process is up", tags: ["service"], ...open, responses: { "200": json("Up", { type: "object", properties: { status: { type: "string", enum: ["ok"] } }, required: ["status"] }) } } },
  "/readyz": {
    get: {
      operationId: "Readyz",
      summary: "Database reachable",
      tags: ["service"],
      ...open,
      responses: { "200": json("Ready"), "503": json("Database unreachable") },
    },
  },
  "/metrics": { get: { operationId: "Metrics", summary: "Prometheus metrics", tags: ["service"], ...open, responses: { "200": text("Prometheus text exposition format") } } },
  "/schema.graphql": { get: { operationId: "GraphQLSchema", summary: "The GraphQL API schema (SDL)", tags: ["service"], ...open, responses: { "200": text("SDL") } } },
  "/openapi.json": { get: { operationId: "OpenApiDocument", summary: "This document", tags: ["service"], ...open, responses: { "200": json("OpenAPI 3.1 document") } } },
  "/docs": { get: { operationId: "Docs", summary: "REST explorer (Swagger UI)", tags: ["service"], ...open, responses: { "200": text("HTML page", "text/html") } } },
  "/graphql": {
    post: {
      operationId: "GraphQL",
      summary: "GraphQL endpoint of the gateway (every REST path also has its query or mutation)",
      tags: ["service"],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["query"],
              properties: { query: { type: "string" }, operationName: { type: "string" }, variables: { type: "object", additionalProperties: true } },
            },
          },
        },
      },
      responses: { "200": json("GraphQL result (`data`, `errors` with `extensions.code`)"), "401": { $ref: "#/components/responses/Unauthorized" } },
    },
  },
  "/webhooks/notifications/{provider}": {
    post: {
      operationId: "NotificationDeliveryReceipt",
      summary: "Delivery receipts from a provider (africastalking, smtp, fcm, whatsapp, development)",
      tags: ["service"],
      ...open,
      parameters: [{ name: "provider", in: "path", required: true, schema: { type: "string" } }, ...receiptToken],
      requestBody: { required: true, content: { "application/json": { schema: { type: "object", additionalProperties: true } }, "application/x-www-form-urlencoded": { schema: { type: "object", additionalProperties: true } } } },
      responses: { "200": json("Receipts received and applied", { type: "object", properties: { received: { type: "integer" }, applied: { type: "integer" } } }), ...receiptErrors, "404": { $ref: "#/components/responses/NotFound" } },
    },
  },
  "/webhooks/notifications/whatsapp": {
    get: {
      operationId: "WhatsAppWebhookVerification",
      summary: "WhatsApp webhook verification handshake (echoes hub.challenge)",
      tags: ["service"],
      ...open,
      parameters: ["hub.mode", "hub.verify_token", "hub.challenge"].map((name) => ({ name, in: "query", required: true, schema: { type: "string" } })),
      responses: { "200": text("The challenge"), "403": text("Wrong verify token") },
    },
  },
  "/webhooks/notifications/africastalking/opt-out": {
    post: {
      operationId: "AfricasTalkingOptOut",
      summary: "Africa's Talking SMS opt-out callback",
      tags: ["service"],
      ...open,
      parameters: receiptToken,
      requestBody: { required: true, content: { "application/x-www-form-urlencoded": { schema: { type: "object", properties: { phoneNumber: { type: "string" }, senderId: { type: "string" } } } } } },
      responses: { "200": json("Patients whose SMS consent was withdrawn"), ...receiptErrors },
    },
  },
};
