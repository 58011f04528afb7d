/**
 * The order confirmation shows each customised line's design drawn on its
 * garment in its colour (issue 28): a PNG rendered when the worker sends the
 * message, attached inline and referenced by the HTML, read here from a real
 * SMTP server.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartItemSchema, type Design, SHOP_NAME } from '#contract';
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
import { signUp } from '#server-test/users.ts';
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

/** A shopper who has ordered a tee with white text on its front, paying cash. */
async function placeDesignedOrder() {
  const shopper = await signUp(t.app, { name: 'Asha Rao' });
  const productId = await createProduct(t.db, {
    title: 'Forest Tee',
    color: FOREST,
    stock: { M: 5 },
    customisation: TEE,
  });
  const design: Design = {
    front: [
      {
        id: 't1',
        type: 'text',
        text: 'Gig night',
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
  };
  await expectResult(
    t.app,
    {
      method: 'POST',
      url: '/api/v1/cart/create',
      headers: shopper.auth,
      payload: { productId, size: 'M', quantity: 1, design },
    },
    CartItemSchema,
    201,
  );
  await addAddress(t.app, shopper);
  await checkOut(t.app, shopper, 'cash');
  return shopper;
}

async function confirmationOf(email: string, worker: MailWorker) {
  const isConfirmation = (mail: TestSmtpServer['received'][number]) =>
    mail.to.includes(email) && mail.subject.includes('is confirmed');
  await worker.runOnce();
  await smtp.waitUntil(() => smtp.received.some(isConfirmation), 'the confirmation');
  const mail = smtp.received.find(isConfirmation);
  if (!mail) throw new Error('No confirmation arrived');
  return mail;
}

describe('the order confirmation of a designed line', () => {
  it('shows the design on its garment, in its colour, as an inline PNG the HTML references', async () => {
    const shopper = await placeDesignedOrder();
    const mail = await confirmationOf(shopper.email, mailWorker);

    const pictures = attachmentsOf(mail.raw).filter((part) => part.inline);
    expect(pictures.map(({ contentType }) => contentType)).toEqual(['image/png']);
    const [picture] = pictures;
    if (!picture?.cid) throw new Error('The picture has no Content-ID');
    const html = htmlOf(mail.raw) ?? '';
    const img = new RegExp(
      `<img [^>]*src="cid:${picture.cid.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`,
    ).exec(html)?.[0];
    expect(img).toBeDefined();
    expect(img).toContain('alt="Your design, front on a forest tee: text “Gig night”"');
    expect(img).toMatch(/width="\d+" height="\d+"/);
    expect(mail.text).toContain('Your design, front on a forest tee: text “Gig night”');

    // A few kilobytes, and bare garment shows the garment's colour: the bottom-left corner of the print area.
    expect(picture.content.length).toBeLessThan(20_000);
    const { data, info } = await sharp(picture.content)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const box = garmentThumbnailBox(FRONT_AREA);
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
    const shopper = await placeDesignedOrder();
    const mail = await confirmationOf(shopper.email, worker);

    expect(attachmentsOf(mail.raw).filter((part) => part.inline)).toEqual([]);
    expect(mail.text).toContain('Your design, front on a forest tee: text “Gig night”');
    expect(failures).toEqual([new Error('The image is gone')]);
  });
});
