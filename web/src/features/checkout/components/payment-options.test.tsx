import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PAY_ONLINE_LABEL, type SavedCard, TEST_PAYMENTS_NOTICE } from '#contract';
import { makeSavedCard } from '#web/testing/data.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { PaymentOptions } from './payment-options.tsx';

function renderOptions(savedCards: SavedCard[] = [], { payOnline = false } = {}) {
  const onSubmit = vi.fn();
  const view = renderWithRouter(
    <>
      <PaymentOptions
        formId="pay"
        onSubmit={onSubmit}
        savedCards={savedCards}
        payOnline={payOnline}
      />
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

  describe('business purchase (issue 26)', () => {
    it('asks for the GSTIN and business name only when ticked, checks them, and sends them', async () => {
      const { user, onSubmit } = renderOptions();
      expect(screen.queryByLabelText('GSTIN')).toBeNull();
      await user.click(screen.getByRole('checkbox', { name: /Business purchase/ }));
      await user.type(screen.getByLabelText('GSTIN'), '27AAPFU0939F1ZA');
      await user.click(screen.getByRole('button', { name: 'Place order' }));
      expect(
        await screen.findByText(
          'GSTIN has a wrong check character (its last): check it for a typing mistake',
        ),
      ).toBeInTheDocument();
      expect(await screen.findByText('Business name is required')).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();

      await user.clear(screen.getByLabelText('GSTIN'));
      await user.type(screen.getByLabelText('GSTIN'), '27aapfu0939f1zv');
      await user.type(screen.getByLabelText('Business name'), 'Rao Textiles LLP');
      await user.click(screen.getByRole('button', { name: 'Place order' }));
      expect(onSubmit).toHaveBeenCalledWith({
        paymentMethod: 'cash',
        business: { gstin: '27AAPFU0939F1ZV', name: 'Rao Textiles LLP' },
      });
    });

    it('sends no business once unticked', async () => {
      const { user, onSubmit } = renderOptions();
      const tick = screen.getByRole('checkbox', { name: /Business purchase/ });
      await user.click(tick);
      await user.type(screen.getByLabelText('GSTIN'), '27AAPFU0939F1ZV');
      await user.click(tick);
      await user.click(screen.getByRole('button', { name: 'Place order' }));
      expect(onSubmit.mock.calls[0]?.[0]?.business).toBeUndefined();
    });
  });

  describe('with saved cards (issue 13)', () => {
    const visa = makeSavedCard();
    const mastercard = makeSavedCard({
      _id: '22222222-2222-4222-8222-222222222222',
      brand: 'Mastercard',
      last4: '4444',
      expMonth: 3,
      expYear: 2031,
    });

    it('offers them first and pays with the CVV alone', async () => {
      const { user, onSubmit } = renderOptions([visa, mastercard]);
      await user.click(screen.getByRole('radio', { name: /Debit\/Card/ }));

      expect(screen.getByRole('radio', { name: 'Visa •••• 4242, expires 12/30' })).toBeChecked();
      expect(
        screen.getByRole('radio', { name: 'Mastercard •••• 4444, expires 03/31' }),
      ).not.toBeChecked();
      expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Place order' }));
      expect(await screen.findByText('CVV must be 3 digits')).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();

      await user.click(screen.getByRole('radio', { name: 'Mastercard •••• 4444, expires 03/31' }));
      await user.type(screen.getByLabelText('CVV'), '321');
      await user.click(screen.getByRole('button', { name: 'Place order' }));
      expect(onSubmit).toHaveBeenCalledWith({
        paymentMethod: 'debit-card',
        savedCardId: mastercard._id,
        cvv: '321',
      });
    });

    it('takes a new card instead when asked', async () => {
      const { user, onSubmit } = renderOptions([visa]);
      await user.click(screen.getByRole('radio', { name: /Debit\/Card/ }));
      await user.click(screen.getByRole('radio', { name: 'Use a new card' }));
      await user.type(screen.getByLabelText('Name on card'), 'Asha Rao');
      await user.type(screen.getByLabelText('Card number'), '4111 1111 1111 1111');
      await user.type(screen.getByLabelText('Expiry month (MM)'), '09');
      await user.type(screen.getByLabelText('Expiry year (YYYY)'), '31');
      await user.type(screen.getByLabelText('CVV'), '123');
      await user.click(screen.getByRole('button', { name: 'Place order' }));

      const sent = onSubmit.mock.calls[0]?.[0];
      expect(sent).toMatchObject({
        paymentMethod: 'debit-card',
        card: { number: '4111111111111111' },
      });
      expect(sent?.savedCardId).toBeUndefined();
      expect(sent?.cvv).toBeUndefined();
    });

    it('sends no saved card when paying cash', async () => {
      const { user, onSubmit } = renderOptions([visa]);
      await user.click(screen.getByRole('button', { name: 'Place order' }));
      const sent = onSubmit.mock.calls[0]?.[0];
      expect(sent).toMatchObject({ paymentMethod: 'cash' });
      expect(sent?.savedCardId).toBeUndefined();
    });
  });

  describe('with Razorpay keys (issue 25)', () => {
    it('offers paying online first and cash, never a card form, and sends online', async () => {
      const { user, onSubmit } = renderOptions([makeSavedCard()], { payOnline: true });
      const radios = screen.getAllByRole('radio');
      expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['online', 'cash']);
      expect(screen.getByRole('radio', { name: new RegExp(PAY_ONLINE_LABEL) })).toBeChecked();
      expect(screen.queryByText(TEST_PAYMENTS_NOTICE)).toBeNull();
      expect(screen.queryByLabelText('Card number')).toBeNull();
      expect(screen.queryByLabelText('CVV')).toBeNull();

      await user.click(screen.getByRole('button', { name: 'Place order' }));
      expect(onSubmit).toHaveBeenCalledWith({ paymentMethod: 'online', card: undefined });
    });

    it('says the test gateway takes the cards without them', () => {
      renderOptions();
      expect(screen.getByText(TEST_PAYMENTS_NOTICE)).toBeInTheDocument();
      expect(screen.queryByRole('radio', { name: new RegExp(PAY_ONLINE_LABEL) })).toBeNull();
    });
  });
});
