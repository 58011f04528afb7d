import type { FastifyInstance } from 'fastify';
import {
  CreatedGroupOrderSchema,
  type Design,
  type GroupEntryBody,
  type GroupOrderPayer,
  JoinedGroupOrderSchema,
  type PriceBreak,
  SavedDesignSchema,
  type Size,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import { createAddressesService } from '#server/features/addresses/addresses.service.ts';
import { createBusinessSettingsService } from '#server/features/business/business-settings.service.ts';
import { createCartService } from '#server/features/cart/cart.service.ts';
import { createCatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import { createDesignsService } from '#server/features/designs/designs.service.ts';
import {
  createGroupOrdersService,
  type GroupPayments,
} from '#server/features/group-orders/group-orders.service.ts';
import { createInvoicesService } from '#server/features/invoices/invoices.service.ts';
import { createMailService } from '#server/features/mail/mail.service.ts';
import { createMediaService } from '#server/features/media/media.service.ts';
import { createOrderInvoicing } from '#server/features/orders/order-invoicing.ts';
import { createPaidGroupOrders } from '#server/features/orders/orders.service.ts';
import { createPaymentSettingsService } from '#server/features/payments/payment-settings.service.ts';
import { createPaymentsService } from '#server/features/payments/payments.service.ts';
import { createPrintJobsService } from '#server/features/print-jobs/print-jobs.service.ts';
import { createPromotionsService } from '#server/features/promotions/promotions.service.ts';
import { createProduct } from './catalogue-fixtures.ts';
import { addAddress } from './checkout-fixtures.ts';
import { expectResult } from './http.ts';
import { type SignedUp, signUp } from './users.ts';

export const PUBLIC_URL = 'http://localhost:3000';

/** A back print with a team name: the design every test group is started from. */
export const TEAM_DESIGN: Design = {
  front: [],
  back: [
    {
      id: 'team',
      type: 'text',
      text: 'FALCONS',
      fontId: 'lobster',
      colorId: 'red',
      fontSizeMm: 30,
      bold: true,
      italic: false,
      align: 'center',
      arcDegrees: 0,
      xMm: 100,
      yMm: 60,
      rotationDeg: 0,
    },
  ],
};

/** A customisable tee (₹499 + ₹100 for the back) with stock in S, M and L. */
export const createTeamTee = (
  db: Database,
  stock: Partial<Record<Size, number>> = {},
  priceBreaks: PriceBreak[] = [],
) =>
  createProduct(db, {
    price: 499,
    stock: { S: 20, M: 20, L: 20, ...stock },
    priceBreaks,
    customisation: {
      customisable: true,
      printAreas: {
        front: { xMm: 150, yMm: 150, widthMm: 300, heightMm: 400 },
        back: { xMm: 150, yMm: 120, widthMm: 300, heightMm: 400 },
      },
      decorationFrontPaise: 15_000,
      decorationBackPaise: 10_000,
    },
  });

export interface GroupFixture {
  organiser: SignedUp;
  productId: string;
  savedDesignId: string;
  token: string;
  url: string;
}

/** An organiser with a saved design who starts a group order on a new tee. */
export async function startGroup(
  app: FastifyInstance,
  db: Database,
  options: {
    personalise?: boolean;
    closesAt?: Date;
    design?: Design;
    payer?: GroupOrderPayer;
    stock?: Partial<Record<Size, number>>;
    priceBreaks?: PriceBreak[];
  } = {},
): Promise<GroupFixture> {
  const organiser = await signUp(app, { name: 'Ravi Organiser' });
  const productId = await createTeamTee(db, options.stock, options.priceBreaks);
  // 'Each pays' groups are delivered to the organiser's address (decision 066).
  if (options.payer === 'each') await addAddress(app, organiser);
  const saved = await expectResult(
    app,
    {
      method: 'POST',
      url: '/api/v1/designs',
      headers: organiser.auth,
      payload: { name: 'Falcons', productId, design: options.design ?? TEAM_DESIGN },
    },
    SavedDesignSchema,
    201,
  );
  const closesAt = options.closesAt ?? new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
  const created = await expectResult(
    app,
    {
      method: 'POST',
      url: '/api/v1/group-orders',
      headers: organiser.auth,
      payload: {
        productId,
        designId: saved._id,
        closesAt: closesAt.toISOString(),
        payer: options.payer ?? 'organiser',
        personalise: options.personalise ?? false,
      },
    },
    CreatedGroupOrderSchema,
    201,
  );
  return { organiser, productId, savedDesignId: saved._id, ...created };
}

let members = 0;
/** Each join comes from its own address, so no test meets the join rate limit. */
export const nextMemberAddress = () => `10.29.${Math.floor(++members / 250)}.${members % 250}`;

export const memberBody = (overrides: Partial<GroupEntryBody> = {}): GroupEntryBody => {
  const name = `Member ${++members}`;
  return { name, email: `member-${members}-${Date.now()}@example.com`, size: 'M', ...overrides };
};

/** A member joins from the link; answers the entry and its token. */
export const joinGroup = (
  app: FastifyInstance,
  token: string,
  overrides: Partial<GroupEntryBody> = {},
) =>
  expectResult(
    app,
    {
      method: 'POST',
      url: `/api/v1/group-orders/${token}/entries`,
      payload: memberBody(overrides),
      remoteAddress: nextMemberAddress(),
    },
    JoinedGroupOrderSchema,
    201,
  );

/** The group orders service on a test's database, to run the sweep by hand (with Razorpay: `online`). */
export function groupOrdersServiceOn(
  db: Database,
  clock?: () => Date,
  online: GroupPayments | undefined = undefined,
) {
  const catalogue = createCatalogueService(db);
  const mail = createMailService(db, { smtpUrl: undefined, publicUrl: PUBLIC_URL });
  const designs = createDesignsService(db, { media: createMediaService(db), catalogue });
  const cart = createCartService(db, {
    catalogue,
    designs,
    paymentSettings: createPaymentSettingsService(db, undefined),
    promotions: createPromotionsService(db),
  });
  const invoicing = createOrderInvoicing({
    invoices: createInvoicesService(db),
    businessSettings: createBusinessSettingsService(db),
    catalogue,
  });
  return createGroupOrdersService(db, {
    catalogue,
    designs,
    cart,
    addresses: createAddressesService(db),
    mail,
    payments: createPaymentsService(db, undefined, clock, online?.razorpay),
    placePaidGroupOrder: createPaidGroupOrders({
      printJobs: createPrintJobsService(db),
      invoicing,
      mail,
    }),
    online,
    publicUrl: PUBLIC_URL,
    ...(clock && { clock }),
  });
}
