import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import type { CartItem } from '#contract';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';
import { makeCartItem, makeProduct } from '#web/testing/data.ts';
import { GUEST_LINE_PREFIX, QUANTITY_LOCK_MS, useCartStore } from './cart-store.ts';

vi.mock('react-hot-toast', () => {
  const toast = Object.assign(vi.fn(), {
    success: vi.fn(() => 'success-toast'),
    error: vi.fn(() => 'error-toast'),
    dismiss: vi.fn(),
  });
  return { default: toast, toast };
});

let fetchMock: Mock<typeof fetch>;

function ok(result: unknown): Response {
  return new Response(JSON.stringify({ success: true, result }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

function fail(status: number, message: string): Response {
  return new Response(JSON.stringify({ success: false, message }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Method, path and parsed body of the nth fetch call. */
function request(index = 0) {
  const [input, init = {}] = fetchMock.mock.calls[index] ?? [];
  return {
    method: init.method,
    path: String(input),
    body: init.body ? JSON.parse(String(init.body)) : undefined,
  };
}

function signIn() {
  localStorage.setItem(STORAGE_KEYS.token, 'token-1');
}

function load(list: CartItem[]) {
  useCartStore.setState({
    list,
    totalPrice: list.reduce((sum, line) => sum + line.totalPrice, 0),
    totalProduct: list.length,
  });
}

const cart = () => useCartStore.getState();

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  cart().reset();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.dismiss).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('fetchCart', () => {
  it('loads the server cart with a token and keeps the totals in step', async () => {
    signIn();
    const lines = [makeCartItem({ quantity: 2, price: 499 }), makeCartItem({ price: 250.5 })];
    fetchMock.mockResolvedValue(ok(lines));

    await cart().fetchCart();

    expect(request()).toMatchObject({ method: 'GET', path: '/api/v1/cart/get-all' });
    expect(cart().list).toEqual(lines);
    expect(cart().totalPrice).toBe(1248.5);
    expect(cart().totalProduct).toBe(2);
    expect(cart().isLoading).toBe(false);
  });

  it('leaves the list (and its revision) alone when the server answers the same lines', async () => {
    signIn();
    const lines = [makeCartItem()];
    load(lines);
    const { revision } = cart();
    fetchMock.mockResolvedValue(ok(lines));

    await cart().fetchCart();

    expect(cart().revision).toBe(revision);
    expect(cart().isLoading).toBe(false);
  });

  it("keeps the server's message, or 'Cart not Fetched'", async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(fail(500, 'Database down'));
    await cart().fetchCart();
    expect(cart().error).toBe('Database down');

    fetchMock.mockRejectedValueOnce(new Error('offline'));
    await cart().fetchCart();
    expect(cart().error).toMatch(/could not reach the shop/);
  });

  it('drops an answer overtaken by a change made while it was on its way', async () => {
    signIn();
    const stale = [makeCartItem()];
    const merged = [makeCartItem(), makeCartItem()];
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    fetchMock.mockResolvedValueOnce(ok(merged));

    const fetching = cart().fetchCart();
    await cart().mergeGuestCart();
    answer(ok(stale));
    await fetching;

    expect(cart().list).toEqual(merged);
    expect(cart().isLoading).toBe(false);
  });

  it("keeps a visitor's local lines without calling the server", async () => {
    const lines = [makeCartItem()];
    load(lines);
    await cart().fetchCart();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(cart().list).toEqual(lines);
  });

  it('persists list and totals under cart-storage', async () => {
    signIn();
    fetchMock.mockResolvedValue(ok([makeCartItem({ price: 100 })]));
    await cart().fetchCart();
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? '{}');
    expect(saved.state).toEqual({ list: cart().list, totalPrice: 100, totalProduct: 1 });
  });
});

describe('addToCart', () => {
  it('refuses a product and size already in the cart', async () => {
    const product = makeProduct();
    load([makeCartItem({ product, size: 'M' })]);

    expect(await cart().addToCart(product, 'M', 1)).toBe(false);

    expect(toast.error).toHaveBeenCalledWith('This product is already added');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('toasts success before the server replies, then appends its line', async () => {
    signIn();
    const product = makeProduct({ price: 300 });
    const line = makeCartItem({ product, size: 'S', quantity: 2 });
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));

    const adding = cart().addToCart(product, 'S', 2);
    expect(toast.success).toHaveBeenCalledWith('Product added to cart!');
    expect(request()).toMatchObject({
      method: 'POST',
      path: '/api/v1/cart/create',
      body: { productId: product._id, size: 'S', quantity: 2 },
    });

    answer(ok(line));
    expect(await adding).toBe(true);
    expect(cart().list).toEqual([line]);
    expect(cart().totalPrice).toBe(600);
    expect(cart().totalProduct).toBe(1);
  });

  it('adds one line for a double click', async () => {
    signIn();
    const product = makeProduct();
    fetchMock.mockResolvedValue(ok(makeCartItem({ product, size: 'S' })));

    const results = await Promise.all([
      cart().addToCart(product, 'S', 1),
      cart().addToCart(product, 'S', 1),
    ]);

    expect(results).toEqual([true, false]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(cart().list).toHaveLength(1);
  });

  it("shows the server's 409 message, or 'Product Not added On Cart', and adds nothing", async () => {
    signIn();
    const product = makeProduct();
    fetchMock.mockResolvedValueOnce(fail(409, 'Available quantity is 2'));
    expect(await cart().addToCart(product, 'S', 3)).toBe(false);
    expect(toast.dismiss).toHaveBeenCalledWith('success-toast');
    expect(toast.error).toHaveBeenLastCalledWith('Available quantity is 2');

    fetchMock.mockResolvedValueOnce(fail(500, 'Boom'));
    expect(await cart().addToCart(product, 'S', 1)).toBe(false);
    expect(toast.error).toHaveBeenLastCalledWith('Product Not added On Cart');
    expect(cart().list).toEqual([]);
  });

  it("keeps a visitor's line locally, built from the product (D17)", async () => {
    const product = makeProduct({ price: 199.5, sizes: { S: 3 } });

    expect(await cart().addToCart(product, 'S', 2)).toBe(true);

    expect(fetchMock).not.toHaveBeenCalled();
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
    expect(cart().totalPrice).toBe(399);
    expect(toast.success).toHaveBeenCalledWith('Product added to cart!');
  });
});

describe('updateQuantity', () => {
  it('updates at once, then takes the server line', async () => {
    signIn();
    const line = makeCartItem({ price: 100, quantity: 1, sizes: { M: 5 }, size: 'M' });
    load([line]);
    const answer = { ...line, quantity: 2, totalPrice: 200 };
    fetchMock.mockResolvedValue(ok(answer));

    const updating = cart().updateQuantity(line._id, 2);
    expect(cart().list[0]).toMatchObject({ quantity: 2, totalPrice: 200 });
    expect(cart().totalPrice).toBe(200);
    expect(await updating).toBe(true);

    expect(request()).toMatchObject({
      method: 'PUT',
      path: `/api/v1/cart/update/${line._id}`,
      body: { quantity: 2 },
    });
    expect(cart().list).toEqual([answer]);
  });

  it('rolls back with an error toast when the server refuses', async () => {
    signIn();
    const line = makeCartItem({ price: 100, quantity: 1, sizes: { M: 5 }, size: 'M' });
    load([line]);
    fetchMock.mockResolvedValue(fail(409, 'Available quantity is 1'));

    expect(await cart().updateQuantity(line._id, 2)).toBe(false);

    expect(cart().list).toEqual([line]);
    expect(cart().totalPrice).toBe(100);
    expect(toast.error).toHaveBeenCalledWith('Available quantity is 1');
  });

  it('blocks + past the stock of the size (D9) and − below 1', async () => {
    signIn();
    const line = makeCartItem({ quantity: 3, sizes: { L: 3 }, size: 'L' });
    load([line]);

    expect(await cart().updateQuantity(line._id, 4)).toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Available quantity is 3');
    expect(await cart().updateQuantity(line._id, 0)).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(cart().list[0]?.quantity).toBe(3);
  });

  it('locks a line for 600 ms after a change', async () => {
    vi.useFakeTimers();
    signIn();
    const line = makeCartItem({ quantity: 1, sizes: { M: 9 }, size: 'M' });
    const other = makeCartItem({ quantity: 1, sizes: { M: 9 }, size: 'M' });
    load([line, other]);
    fetchMock.mockImplementation(async (_input, init) => {
      const body = JSON.parse(String(init?.body));
      return ok({ ...line, quantity: body.quantity, totalPrice: line.totalPrice });
    });

    expect(await cart().updateQuantity(line._id, 2)).toBe(true);
    expect(await cart().updateQuantity(line._id, 3)).toBe(false);
    expect(await cart().updateQuantity(other._id, 2)).toBe(true);
    vi.advanceTimersByTime(QUANTITY_LOCK_MS);
    expect(await cart().updateQuantity(line._id, 3)).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("changes a visitor's line locally", async () => {
    const line = makeCartItem({ price: 50, quantity: 1, sizes: { S: 4 }, size: 'S' });
    load([line]);
    expect(await cart().updateQuantity(line._id, 3)).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(cart().list[0]).toMatchObject({ quantity: 3, totalPrice: 150 });
    expect(cart().totalPrice).toBe(150);
  });
});

describe('selection', () => {
  it('selects one line and rolls back on refusal', async () => {
    signIn();
    const line = makeCartItem({ selected: true });
    load([line]);
    fetchMock.mockResolvedValueOnce(ok({ ...line, selected: false }));

    expect(await cart().setSelected(line._id, false)).toBe(true);
    expect(request()).toMatchObject({ method: 'PUT', body: { selected: false } });
    expect(cart().list[0]?.selected).toBe(false);

    fetchMock.mockResolvedValueOnce(fail(404, 'Cart item not found'));
    const selecting = cart().setSelected(line._id, true);
    expect(cart().list[0]?.selected).toBe(true);
    expect(await selecting).toBe(false);
    expect(cart().list[0]?.selected).toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Cart item not found');
  });

  it('selects every line with one call and takes the server list', async () => {
    signIn();
    const lines = [makeCartItem({ selected: false }), makeCartItem({ selected: true })];
    load(lines);
    const answer = lines.map((line) => ({ ...line, selected: true }));
    fetchMock.mockResolvedValue(ok(answer));

    expect(await cart().selectAll(true)).toBe(true);

    expect(request()).toMatchObject({
      method: 'PUT',
      path: '/api/v1/cart/update-many',
      body: { selected: true },
    });
    expect(cart().list).toEqual(answer);
  });

  it('puts every selection back when select-all is refused', async () => {
    signIn();
    const lines = [makeCartItem({ selected: false }), makeCartItem({ selected: true })];
    load(lines);
    fetchMock.mockResolvedValue(fail(500, 'Try later'));

    expect(await cart().selectAll(false)).toBe(false);
    expect(cart().list).toEqual(lines);
  });
});

describe('removeLine', () => {
  it('removes at once and keeps totals in step', async () => {
    signIn();
    const lines = [makeCartItem({ price: 10 }), makeCartItem({ price: 20 })];
    load(lines);
    fetchMock.mockResolvedValue(ok(null));

    const removing = cart().removeLine(lines[0]?._id ?? '');
    expect(cart().list).toEqual([lines[1]]);
    expect(cart().totalPrice).toBe(20);
    expect(cart().totalProduct).toBe(1);
    expect(await removing).toBe(true);
    expect(request()).toMatchObject({
      method: 'DELETE',
      path: `/api/v1/cart/remove-product/${lines[0]?._id}`,
    });
  });

  it("puts the line back in place with the server's message when refused", async () => {
    signIn();
    const lines = [makeCartItem(), makeCartItem(), makeCartItem()];
    load(lines);
    fetchMock.mockResolvedValue(fail(404, 'Cart item not found'));

    expect(await cart().removeLine(lines[1]?._id ?? '')).toBe(false);
    expect(cart().list).toEqual(lines);
    expect(toast.error).toHaveBeenCalledWith('Cart item not found');
  });

  it("says 'Failed to remove product' when the server fails without a reason", async () => {
    signIn();
    const line = makeCartItem();
    load([line]);
    fetchMock.mockResolvedValue(new Response('', { status: 502 }));

    expect(await cart().removeLine(line._id)).toBe(false);
    expect(cart().list).toEqual([line]);
    expect(toast.error).toHaveBeenCalledWith('Failed to remove product');
  });
});

describe('mergeGuestCart and reset', () => {
  it("sends the visitor's lines and takes the server's cart", async () => {
    const product = makeProduct({ sizes: { M: 5 } });
    await cart().addToCart(product, 'M', 2);
    signIn();
    const serverCart = [makeCartItem({ product, size: 'M', quantity: 2 }), makeCartItem()];
    fetchMock.mockResolvedValue(ok(serverCart));

    await cart().mergeGuestCart();

    expect(request()).toMatchObject({
      method: 'POST',
      path: '/api/v1/cart/merge',
      body: { items: [{ productId: product._id, size: 'M', quantity: 2 }] },
    });
    expect(cart().list).toEqual(serverCart);
    expect(cart().totalProduct).toBe(2);
  });

  it("keeps the visitor's lines when the merge fails", async () => {
    await cart().addToCart(makeProduct(), 'M', 1);
    signIn();
    fetchMock.mockResolvedValue(fail(500, 'Try later'));

    await cart().mergeGuestCart();

    expect(cart().list).toHaveLength(1);
    expect(cart().error).toBe('Try later');
    expect(toast.error).toHaveBeenCalledWith('Try later');
  });

  it('reset empties everything', () => {
    load([makeCartItem()]);
    cart().reset();
    expect(cart()).toMatchObject({ list: [], totalPrice: 0, totalProduct: 0, error: null });
  });
});
