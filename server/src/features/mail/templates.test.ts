import { describe, expect, it } from 'vitest';
import { type Order, SHOP_NAME, SHOP_POSTAL_ADDRESS } from '#contract';
import { passwordResetEmail, welcomeEmail } from './account-emails.ts';
import { designPictureCid } from './design-pictures.ts';
import { escapeHtml } from './html-email.ts';
import {
  orderCancelledEmail,
  orderDeliveredEmail,
  orderPlacedEmail,
  refundNote,
  returnWindowEnd,
} from './order-emails.ts';

const URL_BASE = 'https://shop.example';
const asha = { name: 'Asha <b>Rao</b>', email: 'asha@example.com' };

const order: Order = {
  _id: '0a1b2c3d-0000-4000-8000-00001a2b3c4d',
  status: 'pending',
  items: [
    {
      _id: 'i1',
      productId: 'p1',
      name: 'Classic Tee & Co',
      image: '/media/p1.png',
      size: 'M',
      color: { name: 'Black', hex: '#111827' },
      garment: 'tee',
      price: 1249.5,
      quantity: 2,
      design: null,
      printAreas: null,
      personalisation: null,
    },
  ],
  subtotal: 2499,
  discount: 62.48,
  couponCode: 'MAX500',
  giftWrap: 0,
  giftMessage: null,
  codFee: 0,
  totalPrice: 2436.52,
  paymentMethod: 'debit-card',
  card: { brand: 'Visa', last4: '4242' },
  payment: null,
  business: null,
  address: {
    name: 'Asha Rao',
    phone: '9876543210',
    pincode: '560001',
    city: 'Bengaluru',
    state: 'Karnataka',
    fullAddress: '12 MG Road',
  },
  createdAt: '2026-11-24T10:00:00.000Z',
  estimateDeliveryDate: '2026-11-27',
  deliveredAt: null,
  events: [],
  refunds: [],
};

describe('email templates', () => {
  it('escapes what shoppers typed in the HTML part and keeps it as typed in the text part', () => {
    const mail = passwordResetEmail(asha, `${URL_BASE}/reset-password?token=t`, URL_BASE);
    expect(mail.html).toContain('Hi Asha &lt;b&gt;Rao&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Rao</b>');
    expect(mail.text).toContain('Hi Asha <b>Rao</b>,');
    expect(escapeHtml(`"x" & 'y'`)).toBe('&quot;x&quot; &amp; &#39;y&#39;');
  });

  it('puts the shop name, its postal address and its public URL at the foot of both parts', () => {
    const mail = welcomeEmail(asha, URL_BASE);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(SHOP_NAME);
      expect(part).toContain(SHOP_POSTAL_ADDRESS);
      expect(part).toContain(`${URL_BASE}/products`);
    }
  });

  it('confirms an order with its items, totals in ₹, address, payment and estimated delivery', () => {
    const mail = orderPlacedEmail(asha, order, URL_BASE);
    expect(mail.kind).toBe('order-placed');
    expect(mail.to).toBe('asha@example.com');
    expect(mail.subject).toBe(`Your ${SHOP_NAME} order #1a2b3c4d is confirmed`);
    expect(mail.text).toContain('Classic Tee & Co (size M, Black) × 2: ₹2,499.00');
    expect(mail.text).toContain('Discount (MAX500): −₹62.48');
    expect(mail.text).toContain('Total: ₹2,436.52');
    expect(mail.text).toContain('Payment: Visa •••• 4242');
    expect(mail.text).toContain('Deliver to: Asha Rao, 12 MG Road, Bengaluru, Karnataka - 560001');
    expect(mail.text).toContain('Estimated delivery: Friday, 27 November 2026');
    expect(mail.text).toContain(`${URL_BASE}/order/${order._id}`);
    expect(mail.html).toContain('Classic Tee &amp; Co');
    expect(mail.text).not.toContain('Gift wrap');
    expect(mail.html).not.toContain('<img');
  });

  it('shows each printed side of a customised line on its garment, as an inline picture named in words', () => {
    const designed: Order = {
      ...order,
      items: [
        {
          ...order.items[0],
          _id: 'item-1',
          personalisation: null,
          productId: 'p1',
          name: 'Gig Hoodie',
          image: '/media/p1.png',
          size: 'L',
          color: { name: 'Forest', hex: '#1f5f3a' },
          garment: 'hoodie',
          price: 649,
          quantity: 1,
          printAreas: {
            front: { xMm: 150, yMm: 150, widthMm: 300, heightMm: 400 },
            back: { xMm: 200, yMm: 120, widthMm: 200, heightMm: 150 },
          },
          design: {
            front: [
              {
                id: 't1',
                type: 'text',
                text: 'Gig <night>',
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
            back: [
              {
                id: 'i1',
                type: 'image',
                imageId: 'img-1',
                xMm: 100,
                yMm: 75,
                widthMm: 80,
                heightMm: 60,
                rotationDeg: 0,
              },
            ],
          },
        },
      ],
    };
    const mail = orderPlacedEmail(asha, designed, URL_BASE);
    // 160 px wide, the thumbnail crop's height from the hood's top: front 450 × 587.5 mm, back 300 × 295 mm.
    expect(mail.html).toContain(
      `<img src="cid:${designPictureCid('item-1', 'front')}" width="160" height="209" alt="Your design, front on a forest hoodie: text “Gig &lt;night&gt;”"`,
    );
    expect(mail.html).toContain(
      `<img src="cid:${designPictureCid('item-1', 'back')}" width="160" height="157" alt="Your design, back on a forest hoodie: an image"`,
    );
    expect(mail.text).toContain(
      'Gig Hoodie (size L, Forest):\nYour design, front on a forest hoodie: text “Gig <night>”\nYour design, back on a forest hoodie: an image',
    );
  });

  it('names an online payment as the order page does (issue 25)', () => {
    const online: Order = {
      ...order,
      paymentMethod: 'online',
      card: null,
      payment: {
        provider: 'razorpay',
        keyId: 'rzp_test_1DP5mmOlF5G5ag',
        orderId: 'order_Ef80WJDPBmAeNt',
        amount: 243652,
        currency: 'INR',
        paymentId: 'pay_29QQoUBi66xm2f',
        method: 'upi',
      },
    };
    expect(orderPlacedEmail(asha, online, URL_BASE).text).toContain('Payment: Paid online by UPI');
  });

  it('gives the last day of the 7-day return window, in India’s calendar', () => {
    // 20:00 UTC on 24 November is already 25 November in India.
    const deliveredAt = new Date('2026-11-24T20:00:00Z');
    expect(returnWindowEnd(deliveredAt)).toBe('2026-12-02');
    const mail = orderDeliveredEmail(asha, order, deliveredAt, URL_BASE);
    expect(mail.text).toContain('until Wednesday, 2 December 2026');
  });

  it('says what happens to the money of a cancelled order', () => {
    expect(refundNote(order)).toBe('₹2,436.52 will be returned to your Visa •••• 4242.');
    const cash = { ...order, paymentMethod: 'cash' as const, card: null };
    expect(refundNote(cash)).toBe('Nothing was charged for this order.');
    const mail = orderCancelledEmail(asha, cash, 'Refunded ₹10.00 to Visa •••• 4242', URL_BASE);
    expect(mail.text).toContain('Refunded ₹10.00 to Visa •••• 4242');
  });

  it('links a password reset to the shop, escaping the link in HTML', () => {
    const link = `${URL_BASE}/reset-password?token=a&b`;
    const mail = passwordResetEmail(asha, link, URL_BASE);
    expect(mail.text).toContain(`Choose a new password: ${link}`);
    expect(mail.html).toContain('href="https://shop.example/reset-password?token=a&amp;b"');
    expect(mail.text).toContain('30 minutes');
  });
});
