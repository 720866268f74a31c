import { FieldErrorCollector } from "../../../lib/errors.js";
import { Decimal, fitsMoneyColumn, formatMoney, MAX_AMOUNT, minorDigits, minorUnitProblem, roundMoney } from "../../../lib/money.js";
import { PRICE_LIST_PATH, type ServicePriceRow } from "./price-list.js";

export interface ChargeRequestPrice {
  serviceCode: string;
  quantity: number;
  referenceType: string;
  /** The referenced sale's total: only for services priced by the sale (reference_type transaction). */
  amount?: Decimal | null;
  /** Legacy clients: checked against the list (or, for a sale, taken as its price per unit), never a price of its own. */
  unitPrice?: Decimal | null;
  currency?: string | null;
}

export interface ChargePrice {
  unitPrice: string | null;
  taxAmount: string;
  totalAmount: string;
  currency: string;
  priceListVersion: string | null;
}

const SALE_REFERENCE = "transaction";

/** An amount in the charge's currency: not negative, no finer than the currency's minor unit. */
function money(errors: FieldErrorCollector, field: string, value: Decimal | null | undefined, currency: string): Decimal | undefined {
  if (value === null || value === undefined) return undefined;
  const problem = value.lt(0) ? "must not be negative" : minorUnitProblem(value, currency);
  if (!problem) return value;
  errors.add(field, problem);
  return undefined;
}

/**
 * Prices a charge (DESIGN, "Billing prices"): billing owns the price. A `list` service costs
 * unit_price × quantity, plus VAT at the entry's rate when it is taxable (rounded half-up to the
 * currency's minor unit: whole shillings in UGX); a `sale_total` service (the OTC sale) costs the
 * referenced sale's total, which the pharmacy computed with VAT per product and passes as `amount`.
 * Amounts finer than the charge currency's minor unit are refused (400). An unknown service code is
 * a 400 that points at the price list.
 */
export function priceCharge(req: ChargeRequestPrice, entry: ServicePriceRow | undefined, defaultCurrency: string): ChargePrice {
  const errors = new FieldErrorCollector();
  if (!entry) {
    errors.add("serviceCode", `is not on billing's price list; see GET ${PRICE_LIST_PATH} for the service codes`);
    errors.throwIfAny(`Unknown service code ${req.serviceCode}`);
  }
  const e = entry!;
  const currency = e.pricing === "sale_total" ? (req.currency ?? defaultCurrency) : e.currency;
  const amount = money(errors, "amount", req.amount, currency);
  const unitPrice = money(errors, "unitPrice", req.unitPrice, currency);
  errors.throwIfAny("Invalid charge price");
  const digits = minorDigits(currency);

  if (e.pricing === "sale_total") {
    if (req.referenceType !== SALE_REFERENCE) errors.add("referenceType", `must be ${SALE_REFERENCE}: ${e.serviceCode} is priced by the referenced sale's total`);
    const total = amount ?? unitPrice?.times(req.quantity);
    if (!total) errors.add("amount", `is required for ${e.serviceCode}: the referenced sale's total`);
    if (amount && unitPrice && !unitPrice.times(req.quantity).eq(amount)) errors.add("unitPrice", `× quantity must equal amount ${formatMoney(amount)} (or leave it out)`);
    if (total && !fitsMoneyColumn(total)) errors.add("unitPrice", `× quantity is ${formatMoney(total)}: a charge is at most ${formatMoney(MAX_AMOUNT)}`);
    errors.throwIfAny("Invalid charge price");
    const perUnit = total!.dividedBy(req.quantity);
    return {
      unitPrice: perUnit.decimalPlaces() <= digits ? formatMoney(perUnit) : null,
      taxAmount: "0.00",
      totalAmount: formatMoney(total!),
      currency,
      priceListVersion: null,
    };
  }

  if (amount) errors.add("amount", `is accepted only for services priced by a sale (reference_type ${SALE_REFERENCE}); ${e.serviceCode} is priced by billing (GET ${PRICE_LIST_PATH})`);
  const listPrice = new Decimal(e.unitPrice!);
  if (unitPrice && !unitPrice.eq(listPrice)) errors.add("unitPrice", `differs from the list price ${formatMoney(listPrice)} ${e.currency}; leave it out: billing prices ${e.serviceCode}`);
  if (req.currency && req.currency !== e.currency) errors.add("currency", `must be ${e.currency}, the currency of ${e.serviceCode} on the price list (or leave it out)`);
  errors.throwIfAny("Invalid charge price");
  const subtotal = listPrice.times(req.quantity);
  const tax = e.taxable ? roundMoney(subtotal.times(e.taxRate), digits) : new Decimal(0);
  // The total must fit the money columns (numeric(14,2)): a 400 on quantity, not a database error.
  if (!fitsMoneyColumn(subtotal.plus(tax))) errors.add("quantity", `makes the charge ${formatMoney(subtotal.plus(tax))}: a charge is at most ${formatMoney(MAX_AMOUNT)}`);
  errors.throwIfAny("Invalid charge price");
  return {
    unitPrice: formatMoney(listPrice),
    taxAmount: formatMoney(tax),
    totalAmount: formatMoney(subtotal.plus(tax)),
    currency: e.currency,
    priceListVersion: e.version,
  };
}
