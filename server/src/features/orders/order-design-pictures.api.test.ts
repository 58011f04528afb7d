/**
 * The order confirmation and the return emails show each customised line's
 * design drawn on its garment in its colour (issue 28): a PNG rendered when
 * the worker sends the message, attached inline and referenced by the HTML,
 * read here from a real SMTP server.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminReturnSchema,
  CartItemSchema,
  type Design,
  type Order,
  ReturnRequestSchema,
  SHOP_NAME,
} from '#contract';
import { garmentThumbnailBox } from '#contract/design-render';
import type { ProductCustomisationColumns } from '#server/db/schema/catalogue.ts';
import { createCatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import {
  createDesignsService,
  type DesignsService,
} from '#server/features/designs/designs.service.ts';
import { createMailWorker, type MailWorker } from '#server/features/mail/mail-worker.ts';
import { createSmtpMailer, type Mailer } from '#server/features/mail/mailer.ts';
import { createMediaService } from '#server/features/media/media.service.ts';
import { deliverAs } from '#server-test/admin-fixtures.ts';
import { signUpAdmin } from '#server-test/admins.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, checkOut } from '#server-test/checkout-fixtures.ts';
import { expectResult } from '#server-test/http.ts';
import {
  attachmentsOf,
  htmlOf,
  startTestSmtpServer,
  type TestSmtpServer,
} from '#server-test/smtp.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';
import { createOrderDesignPictures } from './order-design-pictures.ts';

let smtp: TestSmtpServer;
let t: TestApp;
let mailer: Mailer;
let mailWorker: MailWorker;

const FRONT_AREA = { xMm: 150, yMm: 150, widthMm: 300, heightMm: 400 };
const TEE: ProductCustomisationColumns = {
  customisable: true,
  printAreas: { front: FRONT_AREA, back: { xMm: 200, yMm: 120, widthMm: 200, heightMm: 150 } },
  decorationFrontPaise: 15_000,
  decorationBackPaise: 9_950,
};
const FOREST = { name: 'Forest', hex: '#1f5f3a' };

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example' } });
  mailer = createSmtpMailer(smtp.url, `${SHOP_NAME} <shop@example.com>`);
  const designs = createDesignsService(t.db, {
    media: createMediaService(t.db),
    catalogue: createCatalogueService(t.db),
  });
  mailWorker = workerDrawingWith(designs, (error) => {
    throw error;
  });
});
afterAll(async () => {
  mailer?.close();
  await t?.close();
  await smtp?.close();
});

function workerDrawingWith(
  designs: Pick<DesignsService, 'renderGarmentPicture'>,
  onPictureFailed: (error: unknown) => void,
) {
  return createMailWorker(t.db, mailer, {
    pollMs: 50,
    leaseMs: 60_000,
    retryBaseMs: 1000,
    maxAttempts: 3,
    designPicturesOf: createOrderDesignPictures(t.db, { designs, onPictureFailed }),
  });
}

/** White text on a tee's front. */
const textOnFront = (text: string): Design => ({
  front: [
    {
      id: 't1',
      type: 'text',
      text,
      fontId: 'lobster',
      colorId: 'white',
      fontSizeMm: 40,
      bold: false,
      italic: false,
      align: 'center',
      arcDegrees: 0,
      xMm: 150,
      yMm: 60,
      rotationDeg: 0,
    },
  ],
  back: [],
});

/** A shopper who has ordered a forest tee with white text on its front, one size per text, paying cash. */
async function placeDesignedOrder(
  texts: readonly string[] = ['Gig night'],
): Promise<{ shopper: SignedUp; order: Order }> {
  const shopper = await signUp(t.app, { name: 'Asha Rao' });
  const sizes = ['M', 'L', 'XL'] as const;
  const productId = await createProduct(t.db, {
    title: 'Forest Tee',
    color: FOREST,
    stock: { M: 5, L: 5, XL: 5 },
    customisation: TEE,
  });
  for (const [index, text] of texts.entries()) {
    await expectResult(
      t.app,
      {
        method: 'POST',
        url: '/api/v1/cart/create',
        headers: shopper.auth,
        payload: { productId, size: sizes[index], quantity: 1, design: textOnFront(text) },
      },
      CartItemSchema,
      201,
    );
  }
  await addAddress(t.app, shopper);
  const order = await checkOut(t.app, shopper, 'cash');
  return { shopper, order };
}

/** The first message to `email` whose subject holds `subject`, once the worker has sent it. */
async function mailTo(email: string, subject: string, worker: MailWorker) {
  const matches = (mail: TestSmtpServer['received'][number]) =>
    mail.to.includes(email) && mail.subject.includes(subject);
  await worker.runOnce();
  await smtp.waitUntil(() => smtp.received.some(matches), `the email '${subject}'`);
  const mail = smtp.received.find(matches);
  if (!mail) throw new Error(`No email '${subject}' arrived`);
  return mail;
}

/** The inline pictures of a message, each with the `<img>` of the HTML that shows it. */
function picturesShown(mail: TestSmtpServer['received'][number]) {
  const html = htmlOf(mail.raw) ?? '';
  return attachmentsOf(mail.raw)
    .filter((part) => part.inline)
    .map((picture) => ({
      picture,
      img: new RegExp(
        `<img [^>]*src="cid:${(picture.cid ?? 'none').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`,
      ).exec(html)?.[0],
    }));
}

const confirmationOf = (email: string, worker: MailWorker) => mailTo(email, 'is confirmed', worker);

describe('the order confirmation of a designed line', () => {
  it('shows the design on its garment, in its colour, as an inline PNG the HTML references', async () => {
    const { shopper } = await placeDesignedOrder();
    const mail = await confirmationOf(shopper.email, mailWorker);

    const shown = picturesShown(mail);
    expect(shown.map(({ picture }) => picture.contentType)).toEqual(['image/png']);
    const [{ picture, img } = {}] = shown;
    if (!picture) throw new Error('No picture');
    expect(img).toContain('alt="Your design, front on a forest tee: text “Gig night”"');
    expect(img).toMatch(/width="\d+" height="\d+"/);
    expect(mail.text).toContain('Your design, front on a forest tee: text “Gig night”');

    // A few kilobytes, and bare garment shows the garment's colour: the bottom-left corner of the print area.
    expect(picture.content.length).toBeLessThan(20_000);
    const { data, info } = await sharp(picture.content)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const box = garmentThumbnailBox(FRONT_AREA, 'tee');
    const scale = info.width / box.widthMm;
    const x = Math.round((FRONT_AREA.xMm + 10 - box.xMm) * scale);
    const y = Math.round((FRONT_AREA.yMm + FRONT_AREA.heightMm - 10 - box.yMm) * scale);
    const offset = (y * info.width + x) * info.channels;
    expect([...data.subarray(offset, offset + 3)]).toEqual([0x1f, 0x5f, 0x3a]);
  });

  it('still goes when a picture cannot be drawn, reporting it and naming the design in words', async () => {
    const failures: unknown[] = [];
    const worker = workerDrawingWith(
      { renderGarmentPicture: () => Promise.reject(new Error('The image is gone')) },
      (error) => failures.push(error),
    );
    const { shopper } = await placeDesignedOrder();
    const mail = await confirmationOf(shopper.email, worker);

    expect(attachmentsOf(mail.raw).filter((part) => part.inline)).toEqual([]);
    expect(mail.text).toContain('Your design, front on a forest tee: text “Gig night”');
    expect(failures).toEqual([new Error('The image is gone')]);
  });
});

describe('the return emails of a designed line', () => {
  it('show the returned line on its garment when the return is asked, approved and received, and no other line', async () => {
    const { shopper, order } = await placeDesignedOrder(['Gig night', 'Encore']);
    const admin = await signUpAdmin(t.app, t.db);
    await deliverAs(t.app, admin, order._id);
    const encore = order.items.find((item) => item.size === 'L');
    if (!encore) throw new Error('The order has no L line');
    const asked = await expectResult(
      t.app,
      {
        method: 'POST',
        url: `/api/v1/order/${order._id}/returns`,
        headers: shopper.auth,
        payload: {
          items: [{ orderItemId: encore._id, quantity: 1, kind: 'return', reason: 'too-large' }],
        },
      },
      ReturnRequestSchema,
      201,
    );
    const step = (name: 'approve' | 'receive') =>
      expectResult(
        t.app,
        {
          method: 'POST',
          url: `/api/v1/admin/returns/${asked._id}/${name}`,
          headers: admin.auth,
          payload: {},
        },
        AdminReturnSchema,
      );

    const emails = [await mailTo(shopper.email, 'We have your return request', mailWorker)];
    await step('approve');
    emails.push(await mailTo(shopper.email, 'is approved', mailWorker));
    await step('receive');
    emails.push(await mailTo(shopper.email, 'We received your return', mailWorker));

    for (const mail of emails) {
      const shown = picturesShown(mail);
      expect(shown.map(({ picture }) => picture.contentType)).toEqual(['image/png']);
      expect(shown[0]?.img).toContain('alt="Your design, front on a forest tee: text “Encore”"');
      expect(mail.text).toContain('Forest Tee (size L, Forest)');
      expect(mail.text).toContain('Your design, front on a forest tee: text “Encore”');
      expect(mail.text).not.toContain('Gig night');
      // The invoice goes with the confirmation only.
      expect(attachmentsOf(mail.raw).filter((part) => !part.inline)).toEqual([]);
    }
  });
});
