import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CUSTOMISATION, type Design } from '#contract';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';
import { makeProduct, makeTextLayer } from '#web/testing/data.ts';
import { GUEST_LINE_PREFIX, useGuestCartStore } from './guest-cart-store.ts';

const cart = () => useGuestCartStore.getState();

beforeEach(() => {
  cart().clear();
});

describe("a visitor's cart (D17)", () => {
  it('builds a line from the product, keeps the totals in step and persists under cart-storage', () => {
    const product = makeProduct({ price: 199.5, sizes: { S: 3 } });
    cart().addLine(product, 'S', 2);

    const [line] = cart().list;
    expect(line?._id.startsWith(GUEST_LINE_PREFIX)).toBe(true);
    expect(line).toMatchObject({
      productId: {
        _id: product._id,
        title: product.title,
        images: product.images,
        gender: product.gender,
        price: 199.5,
        sizes: product.sizes,
      },
      size: 'S',
      quantity: 2,
      selected: true,
      totalPrice: 399,
    });
    expect(cart()).toMatchObject({ totalPrice: 399, totalProduct: 1 });
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? '{}');
    expect(saved.state).toEqual({ list: cart().list, totalPrice: 399, totalProduct: 1 });
  });

  it('changes quantity, selection and lines locally, counting in paise', () => {
    cart().addLine(makeProduct({ price: 0.1 }), 'M', 1);
    cart().addLine(makeProduct({ price: 0.2 }), 'M', 1);
    const [first, second] = cart().list;
    if (!first || !second) throw new Error('two lines expected');

    cart().setQuantity(first._id, 3);
    expect(cart().list[0]).toMatchObject({ quantity: 3, totalPrice: 0.3 });
    expect(cart().totalPrice).toBe(0.5);

    cart().setSelected(second._id, false);
    expect(cart().list.map((line) => line.selected)).toEqual([true, false]);
    cart().selectAll(true);
    expect(cart().list.map((line) => line.selected)).toEqual([true, true]);

    cart().removeLine(first._id);
    expect(cart()).toMatchObject({ list: [second], totalPrice: 0.2, totalProduct: 1 });
    cart().clear();
    expect(cart()).toMatchObject({ list: [], totalPrice: 0, totalProduct: 0 });
  });

  it('keeps a design with its line, priced with each printed side, as its own line (D27)', () => {
    const product = makeProduct({
      price: 499,
      sizes: { M: 3 },
      customisation: {
        ...DEFAULT_CUSTOMISATION,
        customisable: true,
        decorationPrice: { front: 150, back: 120 },
      },
    });
    const design: Design = { front: [], back: [makeTextLayer({ id: 'b1', text: 'Back' })] };
    cart().addLine(product, 'M', 1);
    cart().addLine(product, 'M', 2, design);
    expect(cart().list).toMatchObject([
      { design: null, unitPrice: 499, totalPrice: 499 },
      { design, unitPrice: 619, totalPrice: 1238 },
    ]);
    cart().setQuantity(cart().list[1]?._id ?? '', 1);
    expect(cart().list[1]).toMatchObject({ totalPrice: 619 });
  });
});
