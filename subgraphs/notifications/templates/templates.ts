import { readFileSync } from "node:fs";
import { FieldErrorCollector } from "../../../lib/errors.js";
import { CHANNELS, type Channel } from "../channels.js";

/** Template languages we ship: English, Luganda, Swahili. English is the fallback. */
export const LANGUAGES = ["en", "lg", "sw"] as const;
export type Language = (typeof LANGUAGES)[number];

interface TemplateText {
  subject: string;
  /** SMS, push and messaging-app body. */
  text: string;
  /** E-mail body; `text` when absent. */
  email?: string;
}

export interface TemplateDef {
  name: string;
  category: string;
  /** What the template says, for the template list. */
  description: string;
  /** Channels it may go out on (every channel unless the file narrows it). */
  channels: Channel[];
  critical: boolean;
  required: string[];
  optional: string[];
  defaults: Record<string, string>;
  languages: Partial<Record<Language, TemplateText>>;
}

interface TemplateFile {
  version: string;
  labels: Record<string, Record<string, Partial<Record<Language, string>>>>;
  templates: Record<string, Omit<TemplateDef, "name" | "critical" | "defaults" | "channels"> & { critical?: boolean; defaults?: Record<string, string>; channels?: Channel[] }>;
}

/** Knowledge is data: templates live in templates.json, loaded once. */
const file = JSON.parse(readFileSync(new URL("./templates.json", import.meta.url), "utf8")) as TemplateFile;

export const TEMPLATES: ReadonlyMap<string, TemplateDef> = new Map(
  Object.entries(file.templates).map(([name, t]) => [name, { ...t, name, critical: t.critical ?? false, defaults: t.defaults ?? {}, channels: t.channels ?? [...CHANNELS] }]),
);

export const TEMPLATES_VERSION = file.version;

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/** A label in the recipient's language (e.g. a delivery status), or the raw value made readable. */
export function label(group: string, value: string, language: Language): string {
  const entry = file.labels[group]?.[value];
  return entry?.[language] ?? entry?.en ?? value.replace(/_/g, " ");
}

/**
 * Finds a template and checks its parameters: unknown template, missing required parameter or a
 * value that is not a string → BAD_USER_INPUT with `fields` (`template`, `parameters.<name>`).
 * Parameters the template does not use are allowed and ignored.
 */
export function checkTemplate(name: string, parameters: Record<string, unknown>, fieldPrefix = "parameters"): { template: TemplateDef; parameters: Record<string, string> } {
  const errors = new FieldErrorCollector();
  const template = TEMPLATES.get(name);
  if (!template) {
    errors.add("template", `unknown template; known: ${[...TEMPLATES.keys()].join(", ")}`);
    errors.throwIfAny("Unknown template");
  }
  const values: Record<string, string> = { ...template!.defaults };
  for (const [key, value] of Object.entries(parameters)) {
    if (typeof value !== "string") errors.add(`${fieldPrefix}.${key}`, "must be a string");
    else if (value.trim() !== "") values[key] = value.trim();
  }
  for (const key of template!.required) {
    if (!(key in values) && !(`${fieldPrefix}.${key}` in errors.fields)) errors.add(`${fieldPrefix}.${key}`, "is required by this template");
  }
  errors.throwIfAny("Template parameters are invalid");
  return { template: template!, parameters: values };
}

export interface RenderedMessage {
  language: Language;
  subject: string;
  body: string;
}

/** Renders a template for one channel in the wanted language (English when no variant exists). */
export function renderTemplate(template: TemplateDef, parameters: Record<string, string>, channel: string, wanted: string): RenderedMessage {
  const language: Language = isLanguage(wanted) && template.languages[wanted] ? wanted : "en";
  const text = template.languages[language] ?? template.languages.en!;
  const body = channel === "EMAIL" ? (text.email ?? text.text) : text.text;
  return { language, subject: fill(text.subject, parameters), body: fill(body, parameters) };
}

/**
 * A small logic-less template syntax (a subset of Mustache): `{{name}}`, sections `{{#name}}…{{/name}}`
 * shown when the value is present, inverted sections `{{^name}}…{{/name}}` shown when it is absent.
 */
export function fill(template: string, values: Record<string, string>): string {
  const sections = /\{\{([#^])(\w+)\}\}([\s\S]*?)\{\{\/\2\}\}/g;
  let out = template;
  // A section of another name may sit inside one (payment_reminder's currency inside amount): the
  // outer one is resolved first, the inner one on the next pass; a name never nests inside itself.
  for (let i = 0; i < 5 && sections.test(out); i++) {
    out = out.replace(sections, (_, kind: string, name: string, inner: string) => {
      const present = Boolean(values[name]);
      return (kind === "#") === present ? inner : "";
    });
  }
  return out.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}
