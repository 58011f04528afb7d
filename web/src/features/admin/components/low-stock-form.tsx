import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { LOW_STOCK_EMAIL_HOUR, type LowStockSettings, LowStockSettingsSchema } from '#contract';
import { TextField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { setServerFieldErrors } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useUpdateLowStockSettings } from '../api/low-stock.ts';

type LowStockInput = z.input<typeof LowStockSettingsSchema>;

/** The threshold of the admins' daily low-stock email and of the dashboard's list (issue 27). */
export function LowStockForm({ settings }: { settings: LowStockSettings }) {
  const update = useUpdateLowStockSettings();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LowStockInput, unknown, LowStockSettings>({
    resolver: zodResolver(LowStockSettingsSchema),
    defaultValues: settings,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success('Low-stock alert saved');
    } catch (error) {
      if (setServerFieldErrors(error, setError, ['threshold'] as const) === 0) {
        toast.error(getErrorMessage(error));
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Low-stock alert" className="space-y-4">
      <p className="text-sm text-ink-700">
        {`Every day from ${LOW_STOCK_EMAIL_HOUR}:00 (India), the admins get an email listing the sizes with this many units or fewer, and what sold out since the day before. No email when nothing is low.`}
      </p>
      <div className="sm:w-48">
        <TextField
          label="Threshold (units)"
          inputMode="numeric"
          error={errors.threshold?.message}
          {...register('threshold', { valueAsNumber: true })}
        />
      </div>
      <SubmitButton busy={isSubmitting} busyLabel="Saving…">
        Save
      </SubmitButton>
    </form>
  );
}
