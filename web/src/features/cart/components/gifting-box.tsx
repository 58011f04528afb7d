import { useEffect, useRef, useState } from 'react';
import { GIFT_MESSAGE_MAX_LENGTH, GIFT_WRAP_PRICE } from '#contract';
import { CheckboxField, TextAreaField } from '#web/components/ui/form-field.tsx';
import { GiftIcon } from '#web/components/ui/icons.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useCartOptions } from '../api/get-cart-options.ts';
import { useUpdateCartOptions } from '../api/update-cart-options.ts';
import { CartOptionBox } from './cart-option-box.tsx';

/** A message being typed is stored once the typing pauses this long (or the field is left). */
export const GIFT_MESSAGE_SAVE_MS = 500;

/**
 * D16: gift wrap for ₹20, with an optional personalised message of up to 200
 * characters, kept with the cart on the server so every tab charges the same.
 */
export function GiftingBox() {
  const options = useCartOptions().data;
  const updateOptions = useUpdateCartOptions();
  // A choice on its way to the server shows at once, and goes back if refused.
  const [pendingWrap, setPendingWrap] = useState<boolean | null>(null);
  const giftWrap = pendingWrap ?? options?.giftWrap ?? false;
  const stored = options?.giftMessage ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  const sent = useRef<string | null>(null);
  const message = draft ?? stored;

  const onFailure = (failure: unknown) => toast.error(getErrorMessage(failure));
  const saveMessage = (text: string) => {
    if (text === (sent.current ?? stored)) return;
    sent.current = text;
    updateOptions.mutate({ giftMessage: text }, { onError: onFailure });
  };
  const saveMessageRef = useRef(saveMessage);
  saveMessageRef.current = saveMessage;

  useEffect(() => {
    if (draft === null) return;
    const timer = setTimeout(() => saveMessageRef.current(draft), GIFT_MESSAGE_SAVE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  return (
    <CartOptionBox id="gifting" title="Gifting" icon={GiftIcon}>
      <p className="mt-1 text-sm text-ink-600">
        Send a personalised message for ₹{GIFT_WRAP_PRICE}
      </p>
      <CheckboxField
        className="mt-3 font-semibold"
        label="Add gift wrap"
        checked={giftWrap}
        disabled={!options}
        onChange={(event) => {
          setPendingWrap(event.target.checked);
          updateOptions.mutate(
            { giftWrap: event.target.checked },
            { onError: onFailure, onSettled: () => setPendingWrap(null) },
          );
        }}
      />
      {giftWrap ? (
        <TextAreaField
          className="mt-3"
          label="Personalised message (optional)"
          rows={3}
          maxLength={GIFT_MESSAGE_MAX_LENGTH}
          value={message}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => saveMessage(message)}
          hint={`${message.length}/${GIFT_MESSAGE_MAX_LENGTH} characters`}
        />
      ) : null}
    </CartOptionBox>
  );
}
