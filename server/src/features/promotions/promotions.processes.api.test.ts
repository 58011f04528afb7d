/**
 * A coupon's usage limit under two real shop processes on one PostgreSQL
 * database (issue 27): 20 shoppers check out at once with a coupon that may
 * be used 5 times; exactly 5 orders get it, the rest a 409 saying why.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import {
  AdminCouponSchema,
  CartOptionsSchema,
  COUPON_USED_UP_MESSAGE,
  FailureEnvelopeSchema,
  OrderSchema,
  successEnvelope,
} from '#contract';
import { asUser } from '#server-test/admin-fixtures.ts';
import { createTestAppWithAdmin } from '#server-test/admins.ts';
import type { TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, addLine } from '#server-test/checkout-fixtures.ts';
import { expectResult } from '#server-test/http.ts';
import {
  databaseUrlOf,
  type ShopProcess,
  startShopProcesses,
  stopShopProcesses,
} from '#server-test/processes.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';

const SHOPPERS = 20;
const LIMIT = 5;
const CODE = 'RACE5';

describe.skipIf(inject('testDatabase').kind !== 'postgres')(
  'a coupon raced over two processes',
  () => {
    let t: TestApp;
    let admin: SignedUp;
    let processes: ShopProcess[] = [];
    beforeAll(async () => {
      ({ t, admin } = await createTestAppWithAdmin());
    });
    afterAll(async () => {
      await stopShopProcesses(processes);
      await t?.close();
    });

    it(`gives the discount to exactly ${LIMIT} of ${SHOPPERS} shoppers checking out at once`, async () => {
      const productId = await createProduct(t.db, { price: 1_000, stock: { M: 100 } });
      await expectResult(
        t.app,
        asUser(admin, {
          method: 'POST',
          url: '/api/v1/admin/coupons',
          payload: {
            code: CODE,
            description: 'Race',
            kind: 'percent',
            value: 10,
            usageLimit: LIMIT,
          },
        }),
        AdminCouponSchema,
        201,
      );
      const shoppers = await Promise.all(
        Array.from({ length: SHOPPERS }, async () => {
          const shopper = await signUp(t.app);
          await addLine(t.app, shopper, productId, 'M');
          await addAddress(t.app, shopper);
          await expectResult(
            t.app,
            {
              method: 'PUT',
              url: '/api/v1/cart/options',
              headers: shopper.auth,
              payload: { couponCode: CODE },
            },
            CartOptionsSchema,
          );
          return shopper;
        }),
      );
      processes = await startShopProcesses(2, await databaseUrlOf(t.db));

      const answers = await Promise.all(
        shoppers.map(async (shopper, index) => {
          const process = processes[index % processes.length];
          if (!process) throw new Error('Two processes are started');
          const response = await fetch(`${process.base}/api/v1/order/checkout`, {
            method: 'POST',
            headers: { ...shopper.auth, 'content-type': 'application/json' },
            body: JSON.stringify({ paymentMethod: 'cash' }),
          });
          return { status: response.status, body: (await response.json()) as unknown };
        }),
      );

      const placed = answers
        .filter((answer) => answer.status === 201)
        .map((answer) => successEnvelope(OrderSchema).parse(answer.body).result);
      const refused = answers
        .filter((answer) => answer.status !== 201)
        .map((answer) => ({ status: answer.status, ...FailureEnvelopeSchema.parse(answer.body) }));
      expect(placed).toHaveLength(LIMIT);
      expect(placed.map((order) => order.discount)).toEqual(Array(LIMIT).fill(100));
      expect(refused).toHaveLength(SHOPPERS - LIMIT);
      for (const refusal of refused) {
        expect(refusal).toMatchObject({ status: 409, message: COUPON_USED_UP_MESSAGE });
      }
      const coupons = await expectResult(
        t.app,
        asUser(admin, { url: '/api/v1/admin/coupons' }),
        z.array(AdminCouponSchema),
      );
      expect(coupons.find((coupon) => coupon.code === CODE)).toMatchObject({
        uses: LIMIT,
        discountGiven: LIMIT * 100,
        revenue: LIMIT * 900,
      });
    }, 120_000);
  },
);
