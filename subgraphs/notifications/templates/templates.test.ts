import { describe, expect, it } from "vitest";
import { checkTemplate, fill, LANGUAGES, renderTemplate, TEMPLATES } from "./templates.js";

describe("template syntax", () => {
  it("fills values and shows a section only when its value is present", () => {
    expect(fill("Hi {{name}}.{{#notes}} Note: {{notes}}{{/notes}}", { name: "Sarah" })).toBe("Hi Sarah.");
    expect(fill("Hi {{name}}.{{#notes}} Note: {{notes}}{{/notes}}", { name: "Sarah", notes: "fast" })).toBe("Hi Sarah. Note: fast");
  });

  it("shows an inverted section only when the value is absent", () => {
    expect(fill("{{#n}}Dear {{n}}{{/n}}{{^n}}Hello{{/n}}", {})).toBe("Hello");
    expect(fill("{{#n}}Dear {{n}}{{/n}}{{^n}}Hello{{/n}}", { n: "Ann" })).toBe("Dear Ann");
  });
});

describe("templates.json", () => {
  it("every template has English, and every local variant uses only declared parameters", () => {
    for (const t of TEMPLATES.values()) {
      expect(t.languages.en, t.name).toBeDefined();
      const declared = new Set([...t.required, ...t.optional, ...Object.keys(t.defaults)]);
      for (const lang of LANGUAGES) {
        const text = t.languages[lang];
        if (!text) continue;
        for (const [, name] of JSON.stringify(text).matchAll(/\{\{[#^/]?(\w+)\}\}/g)) expect(declared.has(name), `${t.name}/${lang}: {{${name}}}`).toBe(true);
      }
    }
  });

  it("every patient-facing template has Luganda and Swahili variants", () => {
    for (const t of TEMPLATES.values()) {
      if (t.name === "critical_alert_provider") continue;
      expect(t.languages.lg, t.name).toBeDefined();
      expect(t.languages.sw, t.name).toBeDefined();
    }
  });

  it("renders all required parameters into the message, in each language", () => {
    for (const t of TEMPLATES.values()) {
      const params = Object.fromEntries(t.required.map((k) => [k, `«${k}»`]));
      for (const lang of LANGUAGES) {
        for (const channel of ["SMS", "EMAIL"]) {
          const { body } = renderTemplate(t, { ...t.defaults, ...params }, channel, lang);
          for (const k of t.required) expect(body, `${t.name}/${lang}/${channel}`).toContain(`«${k}»`);
          expect(body).not.toMatch(/\{\{/);
        }
      }
    }
  });

  it("falls back to English when a language variant is missing", () => {
    const t = TEMPLATES.get("critical_alert_provider")!;
    expect(renderTemplate(t, {}, "SMS", "lg").language).toBe("en");
  });
});

describe("checkTemplate", () => {
  it("names an unknown template and each missing parameter", () => {
    expect(() => checkTemplate("nope", {})).toThrow(expect.objectContaining({ extensions: expect.objectContaining({ fields: { template: [expect.any(String)] } }) }));
    try {
      checkTemplate("pickup_ready", { medication_name: " " });
      expect.unreachable();
    } catch (err) {
      expect(Object.keys((err as { extensions: { fields: object } }).extensions.fields).sort()).toEqual(["parameters.medication_name", "parameters.pharmacy_name"]);
    }
  });

  it("applies defaults and ignores parameters the template does not use", () => {
    const { parameters } = checkTemplate("receipt_email", { receipt_number: "R1", total_amount: "10.00", cashier: "Ann" });
    expect(parameters).toMatchObject({ currency: "UGX", receipt_number: "R1" });
  });
});

/** Every subset of a list (templates have at most 7 optional parameters: 128 subsets). */
function subsets<T>(xs: readonly T[]): T[][] {
  return xs.reduce<T[][]>((acc, x) => acc.concat(acc.map((s) => [...s, x])), [[]]);
}

/** What a message must never show, whatever was left out: placeholders, doubled or orphaned punctuation. */
function readsNaturally(text: string): string | null {
  const bad = [/\{\{/, /[ \t]{2,}/, /[ \t][.,:;]/, /[.,:;]{2,}/, /^[ \t]|[ \t]$/m, /\(\s*\)/, /:\s*$/];
  const hit = bad.find((re) => re.test(text));
  return hit ? `${hit} in ${JSON.stringify(text)}` : null;
}

describe("optional parameters", () => {
  it("every template reads naturally with any subset of its optional parameters, in every language and channel", () => {
    for (const t of TEMPLATES.values()) {
      const required = Object.fromEntries(t.required.map((k) => [k, `${k.toUpperCase()}-X`]));
      for (const present of subsets(t.optional)) {
        const values = { ...t.defaults, ...required, ...Object.fromEntries(present.map((k) => [k, `${k.toUpperCase()}-X`])) };
        for (const lang of LANGUAGES) {
          for (const channel of ["SMS", "EMAIL"]) {
            const { subject, body } = renderTemplate(t, values, channel, lang);
            for (const text of [subject, body]) expect(readsNaturally(text), `${t.name}/${lang}/${channel} with [${present.join(", ")}]`).toBeNull();
            // The two triggers whose payload we designed show every value they were given.
            if (t.name === "payment_reminder" || t.name === "care_plan_update") for (const k of present) if (k !== "currency" && k !== "care_plan_id") expect(body, `${t.name}/${lang}: ${k}`).toContain(`${k.toUpperCase()}-X`);
          }
        }
      }
    }
  });

  it("payment_reminder and care_plan_update need nothing but the patient", () => {
    expect(TEMPLATES.get("payment_reminder")!.required).toEqual([]);
    expect(TEMPLATES.get("care_plan_update")!.required).toEqual([]);
    const bare = renderTemplate(TEMPLATES.get("payment_reminder")!, {}, "SMS", "en").body;
    expect(bare).toBe("Payment reminder: a payment is due.");
  });

  it("generic sends the sender's message as it is, with a default subject", () => {
    const { template, parameters } = checkTemplate("generic", { message: "Your pharmacy is closed on Monday.", unused: "x" });
    expect(renderTemplate(template, parameters, "SMS", "sw")).toMatchObject({ body: "Your pharmacy is closed on Monday.", subject: expect.any(String) });
    expect(() => checkTemplate("generic", {})).toThrow(expect.objectContaining({ extensions: expect.objectContaining({ fields: { "parameters.message": [expect.any(String)] } }) }));
  });
});

describe("appointment_reminder with and without an appointment type", () => {
  const t = TEMPLATES.get("appointment_reminder")!;
  const base = { appointment_id: "APT-1", provider_name: "Dr. Okello", facility_name: "Mulago", appointment_date: "Mon 1 Jun 2026, 09:00" };
  const expected = {
    en: ["Reminder: you have an appointment with Dr. Okello at Mulago", "Reminder: you have a follow-up appointment with Dr. Okello at Mulago"],
    sw: ["Kikumbusho: una miadi na Dr. Okello katika Mulago", "Kikumbusho: una miadi ya follow-up na Dr. Okello katika Mulago"],
    lg: ["Okukujjukiza: olina okulaba Dr. Okello ku Mulago", "Okukujjukiza: olina okulaba Dr. Okello (follow-up) ku Mulago"],
  } as const;

  it.each(LANGUAGES)("%s: reads as a sentence either way, on every channel", (lang) => {
    for (const channel of ["SMS", "EMAIL"]) {
      expect(renderTemplate(t, base, channel, lang).body).toContain(expected[lang][0]);
      expect(renderTemplate(t, { ...base, appointment_type: "follow-up" }, channel, lang).body).toContain(expected[lang][1]);
    }
  });
});
