import { type FormEvent, useId, useState } from 'react';
import { CATALOGUE_LIST_LABELS, type CatalogueList, type ListEntry } from '#contract';
import { AdminTable } from '#web/components/ui/admin-table.tsx';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { SelectField, TextField } from '#web/components/ui/form-field.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useAddListEntry, useMergeListEntry, useRenameListEntry } from '../api/catalogue-lists.ts';

const productCount = (count: number) => `${count} ${count === 1 ? 'product' : 'products'}`;

/** One list (categories or genders): add a name, rename one, or merge one into another. */
export function CatalogueListEditor({
  list,
  entries,
}: {
  list: CatalogueList;
  entries: ListEntry[];
}) {
  const labels = CATALOGUE_LIST_LABELS[list];
  const headingId = useId();
  const add = useAddListEntry(list);
  const [name, setName] = useState('');
  const [addError, setAddError] = useState<string | undefined>();

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    setAddError(undefined);
    try {
      const added = await add.mutateAsync(name);
      toast.success(`${added.name} added`);
      setName('');
    } catch (error) {
      setAddError(getErrorMessage(error));
    }
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-lg font-semibold text-ink-900">
        {labels.many}
      </h2>
      <form onSubmit={onAdd} noValidate className="flex flex-wrap items-start gap-3">
        <TextField
          label={`New ${labels.one.toLowerCase()}`}
          className="min-w-0 flex-1 sm:max-w-sm"
          value={name}
          error={addError}
          onChange={(event) => setName(event.target.value)}
        />
        <button
          type="submit"
          disabled={add.isPending}
          className={`${buttonStyles({ variant: 'outline' })} sm:mt-7`}
        >
          Add {labels.one.toLowerCase()}
        </button>
      </form>
      <AdminTable headings={['Name', 'Products', 'Change']} minWidthClass="min-w-[36rem]">
        {entries.map((entry) => (
          <ListEntryRow key={entry._id} list={list} entry={entry} others={entries} />
        ))}
      </AdminTable>
    </section>
  );
}

type Mode = 'view' | 'rename' | 'merge';

function ListEntryRow({
  list,
  entry,
  others,
}: {
  list: CatalogueList;
  entry: ListEntry;
  others: ListEntry[];
}) {
  const [mode, setMode] = useState<Mode>('view');
  const [name, setName] = useState(entry.name);
  const [into, setInto] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const rename = useRenameListEntry(list);
  const merge = useMergeListEntry(list);
  const target = others.find((other) => other._id === into);

  const switchTo = (next: Mode) => {
    setMode(next);
    setError(undefined);
    setName(entry.name);
    setInto('');
  };

  const onRename = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const renamed = await rename.mutateAsync({ id: entry._id, name });
      toast.success(`Renamed to ${renamed.name}`);
      setMode('view');
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  };

  const onMerge = async () => {
    try {
      const { entry: kept, moved } = await merge.mutateAsync({ id: entry._id, into });
      toast.success(`${entry.name} merged into ${kept.name}: ${productCount(moved)} moved`);
    } catch (failure) {
      setConfirming(false);
      setError(getErrorMessage(failure));
    }
  };

  return (
    <tr>
      <td className="px-4 py-3 font-semibold text-ink-900">{entry.name}</td>
      <td className="px-4 py-3 text-ink-700">{productCount(entry.products)}</td>
      <td className="px-4 py-3">
        {mode === 'view' ? (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => switchTo('rename')}
              aria-label={`Rename ${entry.name}`}
              className={buttonStyles({ variant: 'outline', size: 'sm' })}
            >
              Rename
            </button>
            {others.length > 1 ? (
              <button
                type="button"
                onClick={() => switchTo('merge')}
                aria-label={`Merge ${entry.name}`}
                className={buttonStyles({ variant: 'outline', size: 'sm' })}
              >
                Merge
              </button>
            ) : null}
          </div>
        ) : mode === 'rename' ? (
          <form onSubmit={onRename} noValidate className="flex flex-wrap items-start gap-2">
            <TextField
              label={`New name for ${entry.name}`}
              className="min-w-0 flex-1"
              value={name}
              error={error}
              onChange={(event) => setName(event.target.value)}
            />
            <button
              type="submit"
              disabled={rename.isPending}
              className={`${buttonStyles({ size: 'sm' })} sm:mt-8`}
            >
              Save
            </button>
            <button
              type="button"
              onClick={() => switchTo('view')}
              className={`${buttonStyles({ variant: 'outline', size: 'sm' })} sm:mt-8`}
            >
              Cancel
            </button>
          </form>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (target) setConfirming(true);
              else setError(`Choose where ${entry.name} goes`);
            }}
            noValidate
            className="flex flex-wrap items-start gap-2"
          >
            <SelectField
              label={`Merge ${entry.name} into`}
              className="min-w-0 flex-1"
              placeholder="Choose one"
              value={into}
              error={error}
              options={others
                .filter((other) => other._id !== entry._id)
                .map((other) => ({ value: other._id, label: other.name }))}
              onChange={(event) => setInto(event.target.value)}
            />
            <button type="submit" className={`${buttonStyles({ size: 'sm' })} sm:mt-8`}>
              Merge
            </button>
            <button
              type="button"
              onClick={() => switchTo('view')}
              className={`${buttonStyles({ variant: 'outline', size: 'sm' })} sm:mt-8`}
            >
              Cancel
            </button>
          </form>
        )}
        {confirming && target ? (
          <ConfirmDialog
            title={`Merge ${entry.name} into ${target.name}?`}
            description={`Its ${productCount(entry.products)} become ${target.name}, in the shop's filters too, and ${entry.name} leaves the list.`}
            keepLabel="Keep both"
            confirmLabel={`Merge into ${target.name}`}
            pendingLabel="Merging…"
            pending={merge.isPending}
            onKeep={() => setConfirming(false)}
            onConfirm={() => void onMerge()}
          />
        ) : null}
      </td>
    </tr>
  );
}
