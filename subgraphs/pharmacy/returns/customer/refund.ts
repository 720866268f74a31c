/**
 * What a customer return gives back, exactly (decimal.js), in the sale's currency: every amount is a
 * whole number of its minor unit (`digits` decimal places: 0 for UGX, 2 for KES; see `saleDigits`).
 * docs/decisions/pharmacy.md, "Customer returns".
 *
 * 1. Each sale line's gross is its line total plus its VAT (rounded per line at the sale).
 * 2. The sale's discount is shared over the lines in proportion to their gross, in whole minor units:
 *    each line gets its share rounded down, and the units left over go to the lines with the largest
 *    remainders (ties: the earlier line). The shares add up to the discount exactly.
 * 3. A line's paid amount is gross − discount share; the paid amounts add up to the sale's total.
 * 4. Returning units is refunded cumulatively: after r of the line's n units are returned, the line has
 *    given back round_half_up(paid × r / n); a return of q more units gives back the difference
 *    round(paid × (r+q)/n) − round(paid × r/n). So the refunds of a line add up to its paid amount when
 *    all of it has come back, however it was split, and a full return of the sale refunds its total.
 */
import { Decimal, recordDigits, roundMoney } from "../../../../lib/money.js";

export interface SaleLine {
  id: string;
  quantity: number;
  lineTotal: Decimal.Value;
  taxAmount: Decimal.Value;
}

/**
 * Decimal places a sale's refunds are computed at: its currency's minor unit, or the cents of a sale
 * recorded before minor units were enforced (a UGX total of 5898.32), so that its refunds still add up
 * to what was paid.
 */
export function saleDigits(sale: { currency: string; totalAmount: Decimal.Value; discountAmount: Decimal.Value }, lines: SaleLine[]): number {
  return recordDigits(sale.currency, [sale.totalAmount, sale.discountAmount, ...lines.flatMap((l) => [l.lineTotal, l.taxAmount])]);
}

/** Each line's paid amount (gross less its share of the discount), by line id. */
export function paidPerLine(lines: SaleLine[], discount: Decimal.Value, digits: number): Map<string, Decimal> {
  const unit = new Decimal(10).pow(-digits);
  const gross = lines.map((l) => new Decimal(l.lineTotal).plus(l.taxAmount));
  const totalGross = gross.reduce((s, g) => s.plus(g), new Decimal(0));
  const units = new Decimal(discount).div(unit);
  const shares = gross.map((g) => (totalGross.isZero() ? new Decimal(0) : units.times(g).div(totalGross)));
  const floors = shares.map((s) => s.floor());
  let left = units.minus(floors.reduce((s, f) => s.plus(f), new Decimal(0))).toNumber();
  const order = shares.map((s, i) => ({ i, rem: s.minus(floors[i]) })).sort((a, b) => b.rem.comparedTo(a.rem) || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = floors[i].plus(1);
    left -= 1;
  }
  return new Map(lines.map((l, i) => [l.id, gross[i].minus(floors[i].times(unit))]));
}

/** What returning `quantity` more units of a line gives back, when `alreadyReturned` of its `sold` units came back before. */
export function refundFor(paid: Decimal, sold: number, alreadyReturned: number, quantity: number, digits: number): Decimal {
  const upTo = (r: number) => roundMoney(paid.times(r).div(sold), digits);
  return upTo(alreadyReturned + quantity).minus(upTo(alreadyReturned));
}
