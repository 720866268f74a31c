import { FieldErrorCollector } from "../../../lib/errors.js";
import { Decimal, formatMoney } from "../../../lib/money.js";
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

function money(errors: FieldErrorCollector, field: string, value: Decimal | null | undefined): Decimal | undefined {
  if (value === null || value === undefined) return undefined;
  if (value.lt(0)) errors.add(field, "must not be negative");
  else if (value.decimalPlaces() > 2) errors.add(field, "must have at most two decimal places");
  else return value;
  return undefined;
}

/**
 * Prices a charge (DESIGN, "Billing prices"): billing owns the price. A `list` service costs
 * unit_price × quantity, plus VAT at the entry's rate when it is taxable (rounded half-up to the
 * cent); a `sale_total` service (the OTC sale) costs the referenced sale's total, which the pharmacy
 * computed with VAT per product and passes as `amount`. An unknown service code is a 400 that
 * points at the price list.
 */
export function priceCharge(req: ChargeRequestPrice, entry: ServicePriceRow | undefined, defaultCurrency: string): ChargePrice {
  const errors = new FieldErrorCollector();
  if (!entry) {
    errors.add("serviceCode", `is not on billing's price list; see GET ${PRICE_LIST_PATH} for the service codes`);
    errors.throwIfAny(`Unknown service code ${req.serviceCode}`);
  }
  const e = entry!;
  const amount = money(errors, "amount", req.amount);
  const unitPrice = money(errors, "unitPrice", req.unitPrice);
  errors.throwIfAny("Invalid charge price");

  if (e.pricing === "sale_total") {
    if (req.referenceType !== SALE_REFERENCE) errors.add("referenceType", `must be ${SALE_REFERENCE}: ${e.serviceCode} is priced by the referenced sale's total`);
    const total = amount ?? unitPrice?.times(req.quantity);
    if (!total) errors.add("amount", `is required for ${e.serviceCode}: the referenced sale's total`);
    if (amount && unitPrice && !unitPrice.times(req.quantity).eq(amount)) errors.add("unitPrice", `× quantity must equal amount ${formatMoney(amount)} (or leave it out)`);
    errors.throwIfAny("Invalid charge price");
    const perUnit = total!.dividedBy(req.quantity);
    return {
      unitPrice: perUnit.decimalPlaces() <= 2 ? formatMoney(perUnit) : null,
      taxAmount: "0.00",
      totalAmount: formatMoney(total!),
      currency: req.currency ?? defaultCurrency,
      priceListVersion: null,
    };
  }

  if (amount) errors.add("amount", `is accepted only for services priced by a sale (reference_type ${SALE_REFERENCE}); ${e.serviceCode} is priced by billing (GET ${PRICE_LIST_PATH})`);
  const listPrice = new Decimal(e.unitPrice!);
  if (unitPrice && !unitPrice.eq(listPrice)) errors.add("unitPrice", `differs from the list price ${formatMoney(listPrice)} ${e.currency}; leave it out: billing prices ${e.serviceCode}`);
  if (req.currency && req.currency !== e.currency) errors.add("currency", `must be ${e.currency}, the currency of ${e.serviceCode} on the price list (or leave it out)`);
  errors.throwIfAny("Invalid charge price");
  const subtotal = listPrice.times(req.quantity);
  const tax = e.taxable ? subtotal.times(e.taxRate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP) : new Decimal(0);
  return {
    unitPrice: formatMoney(listPrice),
    taxAmount: formatMoney(tax),
    totalAmount: formatMoney(subtotal.plus(tax)),
    currency: e.currency,
    priceListVersion: e.version,
  };
}
