import { GIFT_MESSAGE_MAX_LENGTH, GIFT_WRAP_PRICE } from '#contract';
import { CheckboxField, TextAreaField } from '#web/components/ui/form-field.tsx';
import { GiftIcon } from '#web/components/ui/icons.tsx';
import { useCheckoutOptionsStore } from '../stores/checkout-options-store.ts';

/** D16: gift wrap for ₹20, with an optional personalised message of up to 200 characters. */
export function GiftingBox() {
  const giftWrap = useCheckoutOptionsStore((state) => state.giftWrap);
  const giftMessage = useCheckoutOptionsStore((state) => state.giftMessage);
  const setGiftWrap = useCheckoutOptionsStore((state) => state.setGiftWrap);
  const setGiftMessage = useCheckoutOptionsStore((state) => state.setGiftMessage);

  return (
    <section
      aria-labelledby="gifting-heading"
      className="rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="gifting-heading" className="flex items-center gap-2 text-base font-bold text-ink-900">
        <GiftIcon className="size-5 text-brand-600" />
        Gifting
      </h2>
      <p className="mt-1 text-sm text-ink-600">
        Send a personalised message for ₹{GIFT_WRAP_PRICE}
      </p>
      <CheckboxField
        className="mt-3 font-semibold"
        label="Add gift wrap"
        checked={giftWrap}
        onChange={(event) => setGiftWrap(event.target.checked)}
      />
      {giftWrap ? (
        <TextAreaField
          className="mt-3"
          label="Personalised message (optional)"
          rows={3}
          maxLength={GIFT_MESSAGE_MAX_LENGTH}
          value={giftMessage}
          onChange={(event) => setGiftMessage(event.target.value)}
          hint={`${giftMessage.length}/${GIFT_MESSAGE_MAX_LENGTH} characters`}
        />
      ) : null}
    </section>
  );
}
