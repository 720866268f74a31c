import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Span } from "@opentelemetry/api";
import type { Config } from "./config.js";
import type { Logger } from "./logger.js";

/**
 * OpenTelemetry traces, on only when OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/decisions/operations.md,
 * "Traces"). Off, nothing of the SDK is loaded and the helpers below return at once: no span objects,
 * no header work.
 */
let enabled = false;

/** Whether this process exports traces. */
export const tracingEnabled = () => enabled;

const tracer = () => trace.getTracer("healthcare-api");

/**
 * Registers the tracer provider of this process (W3C trace context, AsyncLocalStorage context) with a
 * batching OTLP/HTTP exporter (JSON) to `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces`. Returns the
 * function that flushes and stops it (shutdown). A no-op without the endpoint.
 */
export async function startTracing(config: Pick<Config, "OTEL_EXPORTER_OTLP_ENDPOINT" | "OTEL_SERVICE_NAME">, logger?: Logger): Promise<() => Promise<void>> {
  const endpoint = config.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || enabled) return async () => {};
  const { NodeTracerProvider, BatchSpanProcessor } = await import("@opentelemetry/sdk-trace-node");
  const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-http");
  const { resourceFromAttributes } = await import("@opentelemetry/resources");
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, "")}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": config.OTEL_SERVICE_NAME }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1000 })],
  });
  provider.register();
  enabled = true;
  logger?.info({ endpoint }, "exporting OpenTelemetry traces");
  return async () => {
    enabled = false;
    await provider.shutdown().catch((err: Error) => logger?.warn({ err: err.message }, "trace export failed at shutdown"));
  };
}

/**
 * Runs `next` inside a server span that continues the caller's trace (its `traceparent` header, and
 * only that: in one process each tier still starts from its own request headers, as in split mode).
 * `name()` is read after `next` (the matched route is known then).
 */
export async function inServerSpan(
  headers: Headers,
  name: () => string,
  attributes: Record<string, string>,
  next: (span: Span) => Promise<void>,
  status: () => number,
): Promise<void> {
  const carrier: Record<string, string> = {};
  headers.forEach((value, key) => (carrier[key] = value));
  const parent = propagation.extract(ROOT_CONTEXT, carrier);
  const span = tracer().startSpan(name(), { kind: SpanKind.SERVER, attributes }, parent);
  try {
    await context.with(trace.setSpan(parent, span), () => next(span));
  } catch (err) {
    span.recordException(err as Error);
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw err;
  } finally {
    const code = status();
    span.updateName(name());
    span.setAttribute("http.response.status_code", code);
    if (code >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  }
}

/** The current trace id, for log lines (undefined when tracing is off or no span is active). */
export function currentTraceId(): string | undefined {
  if (!enabled) return undefined;
  return trace.getSpan(context.active())?.spanContext().traceId;
}

/** Adds `traceparent` (and `tracestate`) for the active span to outgoing request headers; nothing when off. */
export function injectTraceContext(headers: { set(name: string, value: string): void } | Record<string, string>, from: Context = context.active()): void {
  if (!enabled) return;
  const carrier: Record<string, string> = {};
  propagation.inject(from, carrier);
  for (const [key, value] of Object.entries(carrier)) {
    if (typeof (headers as Headers).set === "function") (headers as Headers).set(key, value);
    else (headers as Record<string, string>)[key] = value;
  }
}

/** Runs `work` in a client span (a call to another tier) when tracing is on; plainly otherwise. */
export async function inClientSpan<T>(name: string, attributes: Record<string, string>, work: () => Promise<T>): Promise<T> {
  if (!enabled) return work();
  return tracer().startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await work();
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
  });
}
