import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Quote } from '#contract';
import { renderWithRouter } from '#web/testing/render.tsx';
import { useCheckoutOptionsStore } from '../stores/checkout-options-store.ts';
import { CouponsBox } from './coupons-box.tsx';

const base: Quote = {
  lines: [],
  itemCount: 0,
  subtotal: 0,
  coupon: null,
  couponError: null,
  discount: 0,
  giftWrap: 0,
  delivery: 0,
  total: 0,
  estimatedDelivery: '2026-11-24',
};
const applied: Quote = { ...base, coupon: { code: 'MAX500', description: '2.5% off, up to ₹500' } };

beforeEach(() => {
  useCheckoutOptionsStore.getState().reset();
});

describe('CouponsBox', () => {
  it('starts with MAX500 requested; its × removes it', async () => {
    expect(useCheckoutOptionsStore.getState().couponCode).toBe('MAX500');
    const { user } = renderWithRouter(<CouponsBox quote={applied} />);

    expect(screen.getByText('MAX500')).toBeInTheDocument();
    expect(screen.getByText('2.5% off, up to ₹500')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove coupon MAX500' }));
    expect(useCheckoutOptionsStore.getState().couponCode).toBeNull();
  });

  it('asks for a typed code, upper-cased, and shows why the server refused it', async () => {
    const { user, rerender } = renderWithRouter(<CouponsBox quote={base} />);
    useCheckoutOptionsStore.getState().removeCoupon();

    await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'nope10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(useCheckoutOptionsStore.getState().couponCode).toBe('NOPE10');

    rerender(<CouponsBox quote={{ ...base, couponError: 'This coupon code is not valid' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('NOPE10: This coupon code is not valid');
    expect(screen.getByRole('textbox', { name: 'Coupon code' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
