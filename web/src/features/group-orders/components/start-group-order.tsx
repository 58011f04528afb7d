import { type FormEvent, useId, useState } from 'react';
import { GROUP_EACH_PAYS_NEEDS_ONLINE_MESSAGE, type GroupOrderPayer } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { CheckboxField, TextField } from '#web/components/ui/form-field.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { shareLink } from '#web/lib/share-link.ts';
import { useCreateGroupOrder } from '../api/group-orders.ts';
import { defaultDeadline, fromDateTimeLocal } from './deadline.ts';

interface StartGroupOrderProps {
  savedId: string;
  productId: string;
  name: string;
  /** The shop takes no online payment (the test gateway): 'each pays' is shown off, with the reason. */
  eachPaysOff: boolean;
}

/**
 * 'Start a group order' on a saved design (issue 29, decision 060): a deadline
 * and whether members add a name and number; the organiser pays for everyone,
 * or each member for their own piece (decision 066). Answers the link to hand on.
 */
export function StartGroupOrder({ savedId, productId, name, eachPaysOff }: StartGroupOrderProps) {
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [closesAt, setClosesAt] = useState(defaultDeadline);
  const [personalise, setPersonalise] = useState(false);
  const [payer, setPayer] = useState<GroupOrderPayer>('organiser');
  const [url, setUrl] = useState<string | null>(null);
  const create = useCreateGroupOrder();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const created = await create.mutateAsync({
        productId,
        designId: savedId,
        closesAt: fromDateTimeLocal(closesAt),
        payer,
        personalise,
      });
      setUrl(created.url);
    } catch {
      // The envelope's message shows under the form.
    }
  };

  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={buttonStyles({ variant: 'outline', className: 'px-4' })}
        aria-label={`Start a group order for ${name}`}
      >
        Start a group order
      </button>
    );
  }
  if (url) {
    return (
      <div className="w-full space-y-2 rounded-xl border border-ink-200 p-3">
        <p className="text-sm font-medium text-ink-900">
          Your group order is open. Send this link:
        </p>
        <input
          readOnly
          value={url}
          aria-label="Group order link"
          className="h-11 w-full rounded-lg border border-ink-300 px-3 text-sm"
        />
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => void shareLink({ title: name, url })}
            className={buttonStyles({ className: 'px-4' })}
          >
            Copy the link
          </button>
          <a href={url} className={buttonStyles({ variant: 'outline', className: 'px-4' })}>
            Open the group page
          </a>
        </div>
      </div>
    );
  }
  return (
    <form
      onSubmit={onSubmit}
      aria-labelledby={`${formId}-title`}
      className="w-full space-y-3 rounded-xl border border-ink-200 p-3"
    >
      <h3 id={`${formId}-title`} className="font-semibold text-ink-900">
        Start a group order
      </h3>
      <TextField
        label="Deadline"
        type="datetime-local"
        required
        value={closesAt}
        onChange={(event) => setClosesAt(event.target.value)}
      />
      <fieldset className="space-y-1 text-sm text-ink-800">
        <legend className="font-medium text-ink-900">Who pays</legend>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name={`${formId}-payer`}
            checked={payer === 'organiser'}
            onChange={() => setPayer('organiser')}
          />
          I pay for everyone, at checkout once the group closes
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name={`${formId}-payer`}
            checked={payer === 'each'}
            disabled={eachPaysOff}
            aria-describedby={eachPaysOff ? `${formId}-each-off` : undefined}
            onChange={() => setPayer('each')}
          />
          Each member pays for their own piece
        </label>
        {eachPaysOff ? (
          <p id={`${formId}-each-off`} className="text-ink-600">
            {GROUP_EACH_PAYS_NEEDS_ONLINE_MESSAGE}
          </p>
        ) : null}
      </fieldset>
      <CheckboxField
        label="Members add a name and number for the back"
        checked={personalise}
        onChange={(event) => setPersonalise(event.target.checked)}
        className="min-h-11"
      />
      {create.error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {getErrorMessage(create.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={create.isPending} className={buttonStyles()}>
          {create.isPending ? 'Starting…' : 'Start the group order'}
        </button>
        <button
          type="button"
          onClick={() => setOpen(false)}
          className={buttonStyles({ variant: 'ghost' })}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
