import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '#web/testing/render.tsx';
import { PaymentOptions } from './payment-options.tsx';

function renderOptions() {
  const onSubmit = vi.fn();
  const view = renderWithRouter(
    <>
      <PaymentOptions formId="pay" onSubmit={onSubmit} />
      <button type="submit" form="pay">
        Place order
      </button>
    </>,
  );
  return { onSubmit, ...view };
}

describe('PaymentOptions', () => {
  it('pays cash on delivery by default', async () => {
    const { user, onSubmit } = renderOptions();
    expect(screen.getByRole('radio', { name: /Cash On Delivery/ })).toBeChecked();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(onSubmit).toHaveBeenCalledWith({ paymentMethod: 'cash', card: undefined });
  });

  it("checks the card with the contract's messages, then sends it", async () => {
    const { user, onSubmit } = renderOptions();
    await user.click(screen.getByRole('radio', { name: /Debit\/Card/ }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    for (const message of [
      'Name on card is required',
      'Card number must be 12 to 19 digits',
      'Expiry month must be 1 to 12',
      'Expiry year is not valid',
      'CVV must be 3 digits',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name on card'), 'Asha Rao');
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry month (MM)'), '09');
    await user.type(screen.getByLabelText('Expiry year (YYYY)'), '31');
    const cvv = screen.getByLabelText('CVV');
    expect(cvv).toHaveAttribute('type', 'password');
    await user.type(cvv, '1234');
    expect(cvv).toHaveValue('123');
    await user.click(screen.getByRole('checkbox', { name: 'Save this card for later use' }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(onSubmit).toHaveBeenCalledWith({
      paymentMethod: 'debit-card',
      card: {
        name: 'Asha Rao',
        number: '4242424242424242',
        expMonth: 9,
        expYear: 2031,
        cvv: '123',
        save: true,
      },
    });
  });
});
