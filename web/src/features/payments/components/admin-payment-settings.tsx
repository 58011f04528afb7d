import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  COD_FEE_LIMIT,
  COD_MAX_ORDER_LIMIT,
  formatRupees,
  type PaymentSettings,
  TEST_PAYMENTS_NOTICE,
  UpdatePaymentSettingsBodySchema,
} from '#contract';
import { CheckboxField, TextField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { setServerFieldErrors } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useUpdatePaymentSettings } from '../api/admin-payment-settings.ts';

type SettingsInput = z.input<typeof UpdatePaymentSettingsBodySchema>;
type SettingsValues = z.output<typeof UpdatePaymentSettingsBodySchema>;

const FIELDS = ['codEnabled', 'codMaxOrder', 'codFee'] as const;

/** What the owner reads about how shoppers pay: from the server, which never sends a key. */
export function PaymentGatewayStatus({ razorpay }: Pick<PaymentSettings, 'razorpay'>) {
  if (!razorpay) {
    return (
      <div className="space-y-1 text-sm text-ink-700">
        <p className="font-semibold text-ink-900">{TEST_PAYMENTS_NOTICE}</p>
        <p>
          Razorpay is not configured: the built-in test gateway approves test cards. Set
          RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET on the server to take
          real payments.
        </p>
      </div>
    );
  }
  return razorpay.mode === 'live' ? (
    <p className="text-sm text-ink-700">
      <span className="font-semibold text-ink-900">Razorpay, live mode.</span> Shoppers pay real
      money by UPI, cards, netbanking and wallets.
    </p>
  ) : (
    <p className="text-sm text-ink-700">
      <span className="font-semibold text-ink-900">Razorpay, test mode.</span> Payments go through
      Razorpay with test keys: no money moves.
    </p>
  );
}

/**
 * Cash on delivery's rules (issue 25), checked with the contract's schema: offered
 * or not, the highest order it is offered for (the total before the fee) and its
 * fee. The server's complaints show under their field.
 */
export function CashOnDeliveryForm({ settings }: { settings: PaymentSettings }) {
  const update = useUpdatePaymentSettings();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SettingsInput, unknown, SettingsValues>({
    resolver: zodResolver(UpdatePaymentSettingsBodySchema),
    defaultValues: {
      codEnabled: settings.codEnabled,
      codMaxOrder: settings.codMaxOrder,
      codFee: settings.codFee,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success('Payment settings saved');
    } catch (error) {
      if (setServerFieldErrors(error, setError, FIELDS) === 0) toast.error(getErrorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Cash on delivery" className="space-y-4">
      <CheckboxField label="Offer cash on delivery" {...register('codEnabled')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Highest order for cash (₹)"
          inputMode="decimal"
          hint={`The order total before the fee; at most ${formatRupees(COD_MAX_ORDER_LIMIT)}.`}
          error={errors.codMaxOrder?.message}
          {...register('codMaxOrder', { valueAsNumber: true })}
        />
        <TextField
          label="Cash on delivery fee (₹)"
          inputMode="decimal"
          hint={`Added to the total when the shopper pays in cash; 0 for none, at most ${formatRupees(COD_FEE_LIMIT)}.`}
          error={errors.codFee?.message}
          {...register('codFee', { valueAsNumber: true })}
        />
      </div>
      <SubmitButton busy={isSubmitting} busyLabel="Saving…">
        Save
      </SubmitButton>
    </form>
  );
}
