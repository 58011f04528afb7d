import { describe, expect, it } from 'vitest';
import { AddressBodySchema } from './addresses.ts';
import { AdminProductBodySchema } from './catalogue.ts';
import { ContactBodySchema } from './messages.ts';
import { CheckoutBodySchema } from './orders.ts';
import { textSchema } from './text.ts';

const address = {
  name: 'Asha',
  phone: '+91 98765 43210',
  pincode: '560001',
  city: 'Bengaluru',
  state: 'Karnataka',
  fullAddress: '12 MG Road',
};

/** Every multi-line field of the contract: typed in a textarea, so it keeps its line breaks. */
const multiLineFields = [
  [
    'Full Address',
    (text: string) => AddressBodySchema.safeParse({ ...address, fullAddress: text }),
  ],
  [
    'Message',
    (text: string) => ContactBodySchema.safeParse({ name: 'A', email: 'a@b.co', message: text }),
  ],
  ['Gift message', (text: string) => CheckoutBodySchema.safeParse({ giftWrap: { message: text } })],
  [
    'Description',
    (text: string) =>
      AdminProductBodySchema.safeParse({
        title: 'Tee',
        description: text,
        price: 499,
        gender: 'Men',
        category: 'T-Shirts',
        color: { name: 'Navy', hex: '#1e3a5f' },
      }),
  ],
] as const;

const lineBreaks = ['\n', '\r\n', '\t'];
// NUL, the other C0 controls, DEL and C1 controls: never text (D37).
const neverText = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009f',
];

describe('text fields (D37)', () => {
  it('a single-line field refuses every control character, line breaks included', () => {
    const name = textSchema('Name');
    for (const control of [...lineBreaks, ...neverText]) {
      expect(
        name.safeParse(`a${control}b`).error?.issues[0]?.message,
        JSON.stringify(control),
      ).toBe('Name must not contain control characters');
    }
    expect(AddressBodySchema.safeParse({ ...address, city: 'Benga\nluru' }).success).toBe(false);
  });

  it('refuses half of a surrogate pair, and keeps whole pairs', () => {
    for (const half of ['\ud800', 'a\udfffb', '\udc00\ud800']) {
      expect(textSchema('Name').safeParse(half).error?.issues[0]?.message).toBe(
        'Name must be valid Unicode text',
      );
    }
    expect(textSchema('Name').safeParse('\ud83d\ude00').success).toBe(true);
  });

  it('keeps any script, emoji and combining marks', () => {
    for (const text of ['Zoë', 'अनिल', '北京', '👩🏽‍💻', 'e\u0301', '\u200d', '\u202e']) {
      expect(textSchema('Name').safeParse(text).success, text).toBe(true);
    }
  });

  it.each(
    multiLineFields,
  )('%s keeps line breaks and tabs, and refuses other controls', (label, parse) => {
    for (const control of lineBreaks) {
      expect(parse(`line 1${control}line 2`).success, JSON.stringify(control)).toBe(true);
    }
    for (const control of neverText) {
      expect(
        parse(`line 1${control}line 2`).error?.issues[0]?.message,
        JSON.stringify(control),
      ).toBe(`${label} must not contain control characters`);
    }
  });
});
