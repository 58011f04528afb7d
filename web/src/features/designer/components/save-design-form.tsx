import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { type Design, printedSides } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { inputStyles } from '#web/components/ui/form-field.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useCreateSavedDesign, useUpdateSavedDesign } from '../api/saved-designs.ts';
import { ShareDesignButtons } from './share-design-button.tsx';

interface SaveDesignFormProps {
  productId: string;
  design: Design;
  /** The saved design this session edits, or null to save a new one. */
  savedId: string | null;
  initialName: string;
  onSaved: (savedId: string) => void;
  /** What else the page offers once the design is saved ('Start a group order'). */
  renderSavedActions?: (savedId: string, name: string) => ReactNode;
}

/**
 * 'Save design' (signed in, D27): the first save makes a saved design, later
 * ones update it. Orders keep their own frozen copy, so this never changes one.
 * Once saved, it can be shared by link (issue 29).
 */
export function SaveDesignForm({
  productId,
  design,
  savedId,
  initialName,
  onSaved,
  renderSavedActions,
}: SaveDesignFormProps) {
  const nameId = useId();
  const [name, setName] = useState(initialName);
  const create = useCreateSavedDesign();
  const update = useUpdateSavedDesign();
  const saving = create.isPending || update.isPending;
  const empty = printedSides(design).length === 0;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const saved = savedId
        ? await update.mutateAsync({ id: savedId, body: { name, design } })
        : await create.mutateAsync({ name, productId, design });
      onSaved(saved._id);
      toast.success('Design saved to My designs');
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  };

  return (
    <form onSubmit={onSubmit} className="space-y-2 border-t border-ink-200 pt-4">
      <label htmlFor={nameId} className="text-sm font-medium text-ink-800">
        Design name
      </label>
      <div className="flex gap-2">
        <input
          id={nameId}
          value={name}
          onChange={(event) => setName(event.target.value)}
          className={`${inputStyles(false)} h-11`}
        />
        <button
          type="submit"
          disabled={saving || empty}
          className={buttonStyles({ variant: 'outline', className: 'shrink-0' })}
        >
          {saving ? 'Saving…' : 'Save design'}
        </button>
      </div>
      {savedId ? (
        <div className="flex flex-wrap gap-2">
          <ShareDesignButtons savedId={savedId} name={name} shared={false} />
          {renderSavedActions?.(savedId, name)}
        </div>
      ) : null}
    </form>
  );
}
