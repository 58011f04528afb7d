import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TaxedLine } from '#contract';
import type { Database } from '#server/db/client.ts';
import type { IssueInvoiceInput } from '#server/features/invoices/invoices.service.ts';

/** `count` orders of a user of their own, straight in the tables: invoices need orders to refer to. */
export async function insertOrders(db: Database, count: number): Promise<string[]> {
  const userId = randomUUID();
  await db.execute(sql`insert into users (id, name, email, password_hash)
    values (${userId}, 'Invoice Buyer', ${`buyer-${userId}@example.com`}, 'not-a-hash')`);
  const ids = Array.from({ length: count }, () => randomUUID());
  for (const id of ids) {
    await db.execute(sql`insert into orders (id, user_id, status, subtotal_paise, total_paise,
        payment_method, address_name, address_phone, address_pincode, address_city,
        address_state, address_full_address, estimate_delivery_date)
      values (${id}, ${userId}, 'pending', 124950, 124950, 'cash', 'Asha Rao', '9876543210',
        '560001', 'Bengaluru', 'Karnataka', '12 MG Road', '2026-12-01')`);
  }
  return ids;
}

/** A line taxed the way the tax function does: the charged total backs out the rate. */
export function taxedLine(
  line: Partial<TaxedLine> & { totalPaise: number; ratePercent: number },
  intraState = true,
): TaxedLine {
  const taxableValuePaise = Math.round((line.totalPaise * 100) / (100 + line.ratePercent));
  const taxPaise = line.totalPaise - taxableValuePaise;
  const cgstPaise = intraState ? Math.floor(taxPaise / 2) : 0;
  return {
    description: 'Classic crew-neck t-shirt, black, M',
    hsn: '6109',
    quantity: 1,
    unitPricePaise: line.totalPaise,
    discountPaise: 0,
    taxableValuePaise,
    cgstPaise,
    sgstPaise: intraState ? taxPaise - cgstPaise : 0,
    igstPaise: intraState ? 0 : taxPaise,
    ...line,
  };
}

/** Karnataka's shop (29). */
export const SUPPLIER = {
  legalName: 'Threadcraft Apparel Private Limited',
  tradeName: 'Threadcraft',
  address: '4th Floor, 80 Feet Road\nKoramangala, Bengaluru 560034\nKarnataka',
  stateCode: '29',
  gstin: '29AAACT1234F1Z5',
} as const;

/** An invoice of an order, delivered in Karnataka (intra-state) unless another state is given. */
export function invoiceInput(
  orderId: string,
  options: { place?: { code: string; name: string }; lines?: TaxedLine[]; gstin?: string } = {},
): IssueInvoiceInput {
  const place = options.place ?? { code: '29', name: 'Karnataka' };
  const intraState = place.code === SUPPLIER.stateCode;
  return {
    prefix: 'TC',
    orderId,
    supplier: { ...SUPPLIER },
    recipient: {
      name: 'Asha Rao',
      address: `12 MG Road\nBengaluru 560001\n${place.name}`,
      stateCode: place.code,
      ...(options.gstin && { gstin: options.gstin, businessName: 'Rao Textiles LLP' }),
    },
    placeOfSupply: place,
    lines: options.lines ?? [
      taxedLine(
        {
          quantity: 2,
          unitPricePaise: 49950,
          discountPaise: 5000,
          totalPaise: 94900,
          ratePercent: 5,
        },
        intraState,
      ),
      taxedLine(
        {
          description: 'Gift wrap',
          hsn: '4823',
          unitPricePaise: 3000,
          totalPaise: 3000,
          ratePercent: 18,
          fixedRatePercent: 18,
        },
        intraState,
      ),
    ],
  };
}
