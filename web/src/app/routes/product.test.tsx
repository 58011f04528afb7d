import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CUSTOMISATION } from '#contract';
import { useGuestCartStore } from '#web/features/cart/stores/guest-cart-store.ts';
import { useRecentlyViewedStore } from '#web/features/catalogue/stores/recently-viewed-store.ts';
import { makeProduct } from '#web/testing/data.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { ProductRoute } from './product.tsx';

const product = makeProduct({ _id: 'tee-1', title: 'Sunset Graphic Tee', sizes: { S: 2, M: 8 } });
const customisable = makeProduct({
  _id: 'tee-2',
  title: 'Blank Tee',
  customisation: { ...DEFAULT_CUSTOMISATION, customisable: true },
});
const blankHoodie = makeProduct({
  _id: 'hoodie-3',
  title: 'Plain Hoodie',
  category: 'Hoodies',
  customisation: { ...DEFAULT_CUSTOMISATION, customisable: true, blank: true },
});

beforeEach(() => {
  useGuestCartStore.getState().clear();
  useRecentlyViewedStore.setState({ productIds: [] });
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://shop.test');
      if (url.pathname === '/api/v1/product/tee-1') {
        return Response.json({ success: true, result: product });
      }
      if (url.pathname === '/api/v1/product/tee-2') {
        return Response.json({ success: true, result: customisable });
      }
      if (url.pathname === '/api/v1/product/hoodie-3') {
        return Response.json({ success: true, result: blankHoodie });
      }
      if (url.pathname === '/api/v1/product/tee-1/related') {
        return Response.json({ success: true, result: [customisable] });
      }
      return Response.json({ success: false, message: 'Product not found' }, { status: 404 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderProduct(id: string) {
  return renderRoutes([{ path: '/product/:id', Component: ProductRoute }], {
    path: `/product/${id}`,
  });
}

describe('ProductRoute', () => {
  it('shows a placeholder, then the product', async () => {
    renderProduct('tee-1');

    expect(screen.getByRole('status', { name: 'Loading product' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sunset Graphic Tee' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Only 2 left - make it yours!')).toBeInTheDocument();
    expect(document.title).toMatch(/^Sunset Graphic Tee · /);
  });

  it('offers Customise, to the designer, only on a product that takes designs (D27)', async () => {
    renderProduct('tee-2');
    expect(await screen.findByRole('link', { name: 'Customise' })).toHaveAttribute(
      'href',
      '/product/tee-2/customise?size=S',
    );
  });

  it('says a customisable product’s photos show a print the designer does not include, not a blank’s (issue 28)', async () => {
    renderProduct('tee-2');
    await screen.findByRole('link', { name: 'Customise' });
    expect(
      screen.getByText(
        'The designer prints on a blank navy tee; the print in the photos is not included.',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing of the print on a blank, nor on a product that takes no designs', async () => {
    renderProduct('hoodie-3');
    await screen.findByRole('link', { name: 'Customise' });
    expect(screen.queryByText(/the print in the photos is not included/)).not.toBeInTheDocument();
  });

  it('carries the size chosen here into the designer (issue 28)', async () => {
    const { user } = renderProduct('tee-2');
    const customise = await screen.findByRole('link', { name: 'Customise' });
    // The first size in stock is chosen to start with (S: 3, M: 10, L: 0).
    expect(customise).toHaveAttribute('href', '/product/tee-2/customise?size=S');
    await user.click(screen.getByRole('button', { name: 'M' }));
    expect(customise).toHaveAttribute('href', '/product/tee-2/customise?size=M');
  });

  it('has no Customise on a product that takes no designs', async () => {
    renderProduct('tee-1');
    await screen.findByRole('heading', { level: 1, name: 'Sunset Graphic Tee' });
    expect(screen.queryByRole('link', { name: 'Customise' })).not.toBeInTheDocument();
    expect(screen.queryByText(/the print in the photos is not included/)).not.toBeInTheDocument();
  });

  it("puts the chosen size and quantity in a visitor's cart", async () => {
    const { user } = renderProduct('tee-1');

    await user.click(await screen.findByRole('button', { name: 'M' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    expect(await screen.findByText('Product added to cart!')).toBeInTheDocument();
    const [line] = useGuestCartStore.getState().list;
    expect(line).toMatchObject({ size: 'M', quantity: 2, productId: { _id: 'tee-1' } });
  });

  it("suggests 'You may also like' from the server, and offers share and the size guide", async () => {
    renderProduct('tee-1');

    const related = within(await screen.findByRole('region', { name: 'You may also like' }));
    expect(related.getByRole('link', { name: 'Blank Tee' })).toHaveAttribute(
      'href',
      '/product/tee-2',
    );
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    // The size guide sits with the sizes, where a shopper unsure of theirs looks.
    expect(
      within(screen.getByRole('group', { name: /^Size/ })).getByRole('button', {
        name: 'Size guide',
      }),
    ).toBeInTheDocument();
  });

  it('remembers the products viewed in this browser and lists them on the next product page', async () => {
    const { router } = renderProduct('tee-1');
    await screen.findByRole('heading', { level: 1, name: 'Sunset Graphic Tee' });
    // Nothing viewed before this one, and it is not listed on its own page.
    expect(screen.queryByRole('region', { name: 'Recently viewed' })).not.toBeInTheDocument();

    await router.navigate('/product/tee-2');
    await screen.findByRole('heading', { level: 1, name: 'Blank Tee' });
    const recent = within(await screen.findByRole('region', { name: 'Recently viewed' }));
    expect(recent.getByRole('link', { name: 'Sunset Graphic Tee' })).toHaveAttribute(
      'href',
      '/product/tee-1',
    );
    expect(recent.queryByRole('link', { name: 'Blank Tee' })).not.toBeInTheDocument();
    expect(useRecentlyViewedStore.getState().productIds).toEqual(['tee-2', 'tee-1']);
  });

  it('shows a friendly not-found page for an unknown id', async () => {
    renderProduct('no-such-tee');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Product not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute(
      'href',
      '/products',
    );
  });
});
