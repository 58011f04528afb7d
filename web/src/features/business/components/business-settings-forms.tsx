import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type BusinessSettings,
  formatRupees,
  gstRateBand,
  gstRatesOf,
  INVOICE_PREFIX_MAX_LENGTH,
  NO_GSTIN_NOTICE,
  type TaxSettings,
  UpdateBusinessSettingsBodySchema,
  UpdateTaxSettingsBodySchema,
} from '#contract';
import { TextAreaField, TextField } from '#web/components/ui/form-field.tsx';
import { GstStateField } from '#web/components/ui/gst-state-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { setServerFieldErrors } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useUpdateBusinessSettings, useUpdateTaxSettings } from '../api/business-settings.ts';

type BusinessInput = z.input<typeof UpdateBusinessSettingsBodySchema>;
type BusinessValues = z.output<typeof UpdateBusinessSettingsBodySchema>;
const BUSINESS_FIELDS = [
  'legalName',
  'tradeName',
  'address',
  'stateCode',
  'gstin',
  'invoicePrefix',
] as const;

/**
 * The supplier tax invoices print (issue 26), checked with the contract's
 * schema: the GSTIN's check character, and its first two digits against the
 * state. Until a GSTIN is saved the form says no tax invoices are issued.
 */
export function BusinessDetailsForm({ settings }: { settings: BusinessSettings }) {
  const update = useUpdateBusinessSettings();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BusinessInput, unknown, BusinessValues>({
    resolver: zodResolver(UpdateBusinessSettingsBodySchema),
    defaultValues: {
      legalName: settings.legalName,
      tradeName: settings.tradeName,
      address: settings.address,
      stateCode: settings.stateCode ?? '',
      gstin: settings.gstin ?? '',
      invoicePrefix: settings.invoicePrefix,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success('Business details saved');
    } catch (error) {
      if (setServerFieldErrors(error, setError, BUSINESS_FIELDS) === 0) {
        toast.error(getErrorMessage(error));
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Business details" className="space-y-4">
      {settings.gstin === null ? (
        <p role="status" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {NO_GSTIN_NOTICE}.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Legal name"
          autoComplete="organization"
          error={errors.legalName?.message}
          {...register('legalName')}
        />
        <TextField
          label="Trade name"
          hint="The name the shop trades under, if not the legal name."
          error={errors.tradeName?.message}
          {...register('tradeName')}
        />
      </div>
      <TextAreaField
        label="Address"
        rows={3}
        error={errors.address?.message}
        {...register('address')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <GstStateField
          label="State"
          // The select shows its first choice until told otherwise: the saved state, or none.
          defaultValue={settings.stateCode ?? ''}
          error={errors.stateCode?.message}
          {...register('stateCode')}
        />
        <TextField
          label="GSTIN"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          hint="15 characters; leave empty until registered."
          error={errors.gstin?.message}
          {...register('gstin')}
        />
        <TextField
          label="Invoice prefix"
          autoCapitalize="characters"
          maxLength={INVOICE_PREFIX_MAX_LENGTH}
          hint={`Up to ${INVOICE_PREFIX_MAX_LENGTH} letters or digits: TC gives TC/26-27/000123.`}
          error={errors.invoicePrefix?.message}
          {...register('invoicePrefix')}
        />
      </div>
      <SubmitButton busy={isSubmitting} busyLabel="Saving…">
        Save
      </SubmitButton>
    </form>
  );
}

type TaxInput = z.input<typeof UpdateTaxSettingsBodySchema>;
type TaxValues = z.output<typeof UpdateTaxSettingsBodySchema>;
const TAX_FIELDS = [
  'apparelThreshold',
  'lowRatePercent',
  'highRatePercent',
  'giftWrapHsn',
  'giftWrapRatePercent',
  'codFeeHsn',
  'codFeeRatePercent',
] as const;

/** GST's apparel threshold and rates, and the fixed-rate lines' codes and rates (issue 26). */
export function TaxSettingsForm({ settings }: { settings: TaxSettings }) {
  const update = useUpdateTaxSettings();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TaxInput, unknown, TaxValues>({
    resolver: zodResolver(UpdateTaxSettingsBodySchema),
    defaultValues: settings,
  });
  const band = gstRateBand(gstRatesOf(settings));

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success('Tax settings saved');
    } catch (error) {
      if (setServerFieldErrors(error, setError, TAX_FIELDS) === 0) {
        toast.error(getErrorMessage(error));
      }
    }
  });

  const number = { valueAsNumber: true } as const;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Tax settings" className="space-y-4">
      <p className="text-sm text-ink-700">
        {`Prices include GST. Apparel up to the threshold per piece before tax takes the low rate, above it the high rate. A price from ${formatRupees((band.abovePaise + 1) / 100)} to ${formatRupees(band.upToPaise / 100)} fits neither and is taxed at the high rate.`}
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Apparel threshold (₹)"
          inputMode="decimal"
          error={errors.apparelThreshold?.message}
          {...register('apparelThreshold', number)}
        />
        <TextField
          label="Low rate (%)"
          inputMode="decimal"
          error={errors.lowRatePercent?.message}
          {...register('lowRatePercent', number)}
        />
        <TextField
          label="High rate (%)"
          inputMode="decimal"
          error={errors.highRatePercent?.message}
          {...register('highRatePercent', number)}
        />
        <TextField
          label="Gift wrap HSN/SAC"
          inputMode="numeric"
          error={errors.giftWrapHsn?.message}
          {...register('giftWrapHsn')}
        />
        <TextField
          label="Gift wrap rate (%)"
          inputMode="decimal"
          error={errors.giftWrapRatePercent?.message}
          {...register('giftWrapRatePercent', number)}
        />
        <div className="hidden sm:block" />
        <TextField
          label="Cash on delivery fee HSN/SAC"
          inputMode="numeric"
          error={errors.codFeeHsn?.message}
          {...register('codFeeHsn')}
        />
        <TextField
          label="Cash on delivery fee rate (%)"
          inputMode="decimal"
          error={errors.codFeeRatePercent?.message}
          {...register('codFeeRatePercent', number)}
        />
      </div>
      <SubmitButton busy={isSubmitting} busyLabel="Saving…">
        Save
      </SubmitButton>
    </form>
  );
}
