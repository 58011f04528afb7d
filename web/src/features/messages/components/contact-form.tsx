import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ContactBodySchema } from '#contract';
import { EmailField, TextAreaField, TextField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { setServerFieldErrors } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { sendContactMessage } from '../api/send-contact-message.ts';

export const CONTACT_SUCCESS_MESSAGE = "Message sent! We'll get back to you soon.";

const FIELDS = ['name', 'email', 'message'] as const;

type ContactInput = z.input<typeof ContactBodySchema>;
type ContactValues = z.output<typeof ContactBodySchema>;

interface ContactFormProps {
  /** A message to start from (a 'Forgot password?' link fills one in). */
  defaultMessage?: string;
}

/** Name, email and message, stored for the shop (D22); the form empties after sending. */
export function ContactForm({ defaultMessage = '' }: ContactFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput, unknown, ContactValues>({
    resolver: zodResolver(ContactBodySchema),
    defaultValues: { name: '', email: '', message: defaultMessage },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await sendContactMessage(values);
    } catch (error) {
      if (setServerFieldErrors(error, setError, FIELDS) === 0) toast.error(getErrorMessage(error));
      return;
    }
    reset({ name: '', email: '', message: '' });
    toast.success(CONTACT_SUCCESS_MESSAGE);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <EmailField error={errors.email?.message} {...register('email')} />
      </div>
      <TextAreaField
        label="Message"
        rows={6}
        maxLength={5000}
        placeholder="How can we help? Order numbers help us answer faster."
        error={errors.message?.message}
        {...register('message')}
      />
      <SubmitButton
        busy={isSubmitting}
        busyLabel="Sending…"
        variant="brand"
        className="w-full sm:w-auto"
      >
        Send Message
      </SubmitButton>
    </form>
  );
}
