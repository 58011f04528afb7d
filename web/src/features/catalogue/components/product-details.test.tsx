import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Product, Size } from '#contract';
import { makeProduct } from '#web/testing/data.ts';
import { renderRoutes, renderWithRouter } from '#web/testing/render.tsx';
import { ProductDetails } from './product-details.tsx';

function renderDetails(overrides: Partial<Product> = {}) {
  const product = makeProduct({ title: 'Chai & Code Tee', price: 599, rating: 4.7, ...overrides });
  const onAddToCart = vi.fn<(size: Size, quantity: number) => Promise<boolean>>(async () => true);
  const view = renderWithRouter(<ProductDetails product={product} onAddToCart={onAddToCart} />);
  return { product, onAddToCart, ...view };
}

const sizeButton = (size: string) =>
  screen.getByRole('button', { name: new RegExp(`^${size}\\b`) });
const quantity = () => screen.getByRole('status', { name: 'Quantity' });
const increase = () => screen.getByRole('button', { name: 'Increase quantity' });
const decrease = () => screen.getByRole('button', { name: 'Decrease quantity' });
const addButton = () => screen.getByRole('button', { name: 'Add to cart' });

describe('ProductDetails', () => {
  it('shows the title, whole stars with the number, ₹ price and description', () => {
    renderDetails({ description: 'For the ones who debug best after a cutting chai.' });

    expect(screen.getByRole('heading', { level: 1, name: 'Chai & Code Tee' })).toBeInTheDocument();
    const stars = screen.getByRole('img', { name: 'Rated 4.7 out of 5' });
    expect(stars.querySelectorAll('[data-filled="true"]')).toHaveLength(4);
    expect(screen.getByText('4.7')).toBeInTheDocument();
    expect(screen.getByText('₹599.00')).toBeInTheDocument();
    expect(
      screen.getByText('For the ones who debug best after a cutting chai.'),
    ).toBeInTheDocument();
  });

  it('preselects the first size with stock and disables sold-out sizes', () => {
    renderDetails({ sizes: { XS: 0, S: 0, M: 4, L: 9 } });

    expect(sizeButton('XS')).toBeDisabled();
    expect(sizeButton('S')).toBeDisabled();
    expect(sizeButton('M')).toHaveAttribute('aria-pressed', 'true');
    expect(sizeButton('L')).toHaveAttribute('aria-pressed', 'false');
    expect(sizeButton('M').closest('fieldset')?.querySelector('legend')).toHaveTextContent(
      'Size: M',
    );
  });

  it('counts from 1 up to the size’s stock, then says how many there are', async () => {
    const { user } = renderDetails({ sizes: { S: 3, M: 10 } });

    expect(quantity()).toHaveTextContent('1');
    expect(decrease()).toBeDisabled();
    await user.click(increase());
    await user.click(increase());
    expect(quantity()).toHaveTextContent('3');

    await user.click(increase());
    expect(quantity()).toHaveTextContent('3');
    expect(await screen.findByText('Only 3 in stock')).toBeInTheDocument();

    await user.click(decrease());
    expect(quantity()).toHaveTextContent('2');
  });

  it('goes back to 1 when the size changes', async () => {
    const { user } = renderDetails({ sizes: { S: 3, M: 10 } });

    await user.click(increase());
    await user.click(increase());
    expect(quantity()).toHaveTextContent('3');
    await user.click(sizeButton('M'));

    expect(sizeButton('M')).toHaveAttribute('aria-pressed', 'true');
    expect(quantity()).toHaveTextContent('1');
  });

  it('says how few are left when the chosen size has 5 or fewer (D23)', async () => {
    const { user } = renderDetails({ sizes: { S: 5, M: 6, L: 1 } });

    expect(screen.getByText('Only 5 left - make it yours!')).toBeInTheDocument();
    await user.click(sizeButton('M'));
    expect(screen.queryByText(/left - make it yours!/)).not.toBeInTheDocument();
    await user.click(sizeButton('L'));
    expect(screen.getByText('Only 1 left - make it yours!')).toBeInTheDocument();
  });

  it('adds the chosen size and quantity', async () => {
    const { user, onAddToCart } = renderDetails({ sizes: { S: 0, M: 4 } });

    await user.click(increase());
    await user.click(addButton());

    expect(onAddToCart).toHaveBeenCalledWith('M', 2);
  });

  it('asks for a size when none is chosen', async () => {
    const { user, onAddToCart } = renderDetails({ sizes: { M: 4 } });

    // Pressing the chosen size again lets it go.
    await user.click(sizeButton('M'));
    expect(sizeButton('M')).toHaveAttribute('aria-pressed', 'false');
    await user.click(addButton());

    expect(await screen.findByText('Please select a size.')).toBeInTheDocument();
    expect(onAddToCart).not.toHaveBeenCalled();
  });

  it('is out of stock when every size is at 0: badge, sizes and button disabled, no stepper', () => {
    renderDetails({ sizes: { S: 0, M: 0 }, isNew: true });

    expect(screen.getByText('Out of Stock', { selector: 'span' })).toBeInTheDocument();
    expect(screen.queryByText('New')).not.toBeInTheDocument();
    expect(sizeButton('S')).toBeDisabled();
    expect(sizeButton('M')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Increase quantity' })).not.toBeInTheDocument();
  });

  it('links each colour of the style to its own page, marking the one shown and the sold-out one', () => {
    renderDetails({
      _id: 'navy-tee',
      color: { name: 'Navy', hex: '#1e3a5f' },
      colors: [
        { productId: 'navy-tee', name: 'Navy', hex: '#1e3a5f', inStock: true },
        { productId: 'black-tee', name: 'Black', hex: '#1c1c1e', inStock: true },
        { productId: 'red-tee', name: 'Red', hex: '#b91c1c', inStock: false },
      ],
    });

    expect(screen.getByText('Colour')).toHaveTextContent('Colour: Navy');
    const list = screen.getByRole('list', { name: 'Colours, Navy shown' });
    const swatches = within(list).getAllByRole('link');
    expect(swatches.map((swatch) => swatch.getAttribute('aria-label'))).toEqual([
      'Navy',
      'Black',
      'Red (sold out)',
    ]);
    expect(screen.getByRole('link', { name: 'Navy' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Black' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Black' })).toHaveAttribute(
      'href',
      '/product/black-tee',
    );
    expect(screen.getByRole('link', { name: 'Red (sold out)' })).toHaveAttribute(
      'href',
      '/product/red-tee',
    );
    expect(screen.getByRole('link', { name: 'Black' })).toHaveStyle({
      backgroundColor: '#1c1c1e',
    });
  });

  it('opens the colour chosen: the URL follows the swatch', async () => {
    const product = makeProduct({
      _id: 'navy-tee',
      colors: [
        { productId: 'navy-tee', name: 'Navy', hex: '#1e3a5f', inStock: true },
        { productId: 'black-tee', name: 'Black', hex: '#1c1c1e', inStock: true },
      ],
    });
    const { user, router } = renderRoutes(
      [
        {
          path: '/product/:id',
          element: <ProductDetails product={product} onAddToCart={async () => true} />,
        },
      ],
      { path: '/product/navy-tee' },
    );
    await user.click(screen.getByRole('link', { name: 'Black' }));
    expect(router.state.location.pathname).toBe('/product/black-tee');
  });
});
