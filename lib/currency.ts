import { readFileSync } from "node:fs";

/** One entry of lib/currencies.json (ISO 4217 List one). */
export interface CurrencyEntry {
  code: string;
  name: string;
  numeric: string;
  minor_digits: number;
}

interface CurrencyFile {
  name: "currency-minor-units";
  source: string;
  default_minor_digits: number;
  currencies: CurrencyEntry[];
}

/** The money columns are numeric(14,2): no currency may ask for finer amounts than a hundredth. */
const COLUMN_SCALE = 2;

let byCode: Map<string, CurrencyEntry> | undefined;
let defaultDigits = COLUMN_SCALE;

function currencies(): Map<string, CurrencyEntry> {
  if (!byCode) {
    const file = JSON.parse(readFileSync(new URL("./currencies.json", import.meta.url), "utf8")) as CurrencyFile;
    if (file.name !== "currency-minor-units" || !file.source) throw new Error('currencies.json: needs "name": "currency-minor-units" and a "source"');
    const map = new Map<string, CurrencyEntry>();
    for (const c of file.currencies) {
      if (!/^[A-Z]{3}$/.test(c.code) || map.has(c.code)) throw new Error(`currencies.json: ${c.code} is not a new ISO 4217 alphabetic code`);
      if (!Number.isInteger(c.minor_digits) || c.minor_digits < 0 || c.minor_digits > COLUMN_SCALE) {
        throw new Error(`currencies.json: ${c.code} has ${c.minor_digits} minor-unit digits; the money columns (numeric(14,2)) hold 0 to ${COLUMN_SCALE}`);
      }
      map.set(c.code, c);
    }
    defaultDigits = file.default_minor_digits;
    byCode = map;
  }
  return byCode;
}

/** The ISO 4217 entry of a currency code, if lib/currencies.json lists it. */
export function currencyEntry(currency: string): CurrencyEntry | undefined {
  return currencies().get(currency.trim().toUpperCase());
}

/**
 * Decimal places of a currency's minor unit (ISO 4217 List one, lib/currencies.json): UGX 0 (whole
 * shillings), KES 2 (cents). A currency the file does not list is taken to have 2.
 */
export function minorDigits(currency: string): number {
  return currencyEntry(currency)?.minor_digits ?? defaultDigits;
}
