import type { Config } from "../../../lib/config.js";
import type { Logger } from "../../../lib/logger.js";

export interface NarrativePolish {
  text: string;
  /** True when the text came back from LLM_BASE_URL and passed the fact check. */
  polished: boolean;
  /** Why the template text was kept (timeout, error, a fact added); null when polished or not configured. */
  warning: string | null;
}

const INSTRUCTION =
  "You edit clinical documentation. Rewrite the user's text as one fluent paragraph for a clinical note. " +
  "Do not add, remove or change any fact, number, date, drug, dose, diagnosis or code. Output only the rewritten text.";

/** Numbers and codes (anything with a digit) in a text: the facts a polish must not add. */
function factTokens(text: string): Set<string> {
  return new Set(text.match(/[A-Za-z]*\d[\w.:/-]*/g)?.map((t) => t.replace(/[.:]+$/, "").toLowerCase()) ?? []);
}

/**
 * Asks the optional OpenAI-compatible endpoint (POST {LLM_BASE_URL}/chat/completions) to polish a
 * narrative. The record stays the only source of facts: the answer is used only when every number or
 * code in it was already in the template text and it is not more than twice as long; otherwise, or on
 * timeout (LLM_TIMEOUT_MS) or any error, the template text is kept and a warning says why.
 */
export async function polishNarrative(config: Config, logger: Logger, text: string): Promise<NarrativePolish> {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL || !text.trim()) return { text, polished: false, warning: null };
  const keep = (warning: string): NarrativePolish => {
    logger.warn({ llm: config.LLM_BASE_URL, reason: warning }, "SOAP narrative: kept the template text");
    return { text, polished: false, warning };
  };
  try {
    const res = await fetch(`${config.LLM_BASE_URL.replace(/\/+$/, "")}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(config.LLM_API_KEY ? { authorization: `Bearer ${config.LLM_API_KEY}` } : {}) },
      body: JSON.stringify({ model: config.LLM_MODEL, temperature: 0, messages: [{ role: "system", content: INSTRUCTION }, { role: "user", content: text }] }),
      signal: AbortSignal.timeout(config.LLM_TIMEOUT_MS),
    });
    if (!res.ok) return keep(`narrative polish unavailable (LLM answered ${res.status}); template text kept`);
    const body = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
    const out = body.choices?.[0]?.message?.content;
    if (typeof out !== "string" || !out.trim()) return keep("narrative polish returned no text; template text kept");
    const polished = out.trim();
    if (polished.length > text.length * 2) return keep("narrative polish was much longer than the record supports; template text kept");
    const known = factTokens(text);
    const added = [...factTokens(polished)].filter((t) => !known.has(t));
    if (added.length) return keep(`narrative polish introduced facts not in the record (${added.slice(0, 3).join(", ")}); template text kept`);
    return { text: polished, polished: true, warning: null };
  } catch (err) {
    const timedOut = (err as Error).name === "TimeoutError" || (err as Error).name === "AbortError";
    return keep(timedOut ? `narrative polish timed out after ${config.LLM_TIMEOUT_MS} ms; template text kept` : `narrative polish unavailable (${(err as Error).message}); template text kept`);
  }
}
