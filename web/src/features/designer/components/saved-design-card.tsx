import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { garmentKind, type Product, type SavedDesign } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { DesignThumbnails } from '#web/components/ui/design-thumbnail.tsx';
import { inputStyles } from '#web/components/ui/form-field.tsx';
import { paths } from '#web/config/paths.ts';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { formatDate } from '#web/utils/format-date.ts';
import {
  useDeleteSavedDesign,
  useDuplicateSavedDesign,
  useUpdateSavedDesign,
} from '../api/saved-designs.ts';
import { ShareDesignButtons } from './share-design-button.tsx';

const SMALL = buttonStyles({ variant: 'outline', size: 'sm', className: 'px-3' });

interface SavedDesignCardProps {
  saved: SavedDesign;
  /** The product, once known: the thumbnails draw the design on its garment, in its colour and print areas. */
  product: Pick<Product, 'category' | 'color' | 'customisation'> | undefined;
  productTitle: ReactNode;
  /** What else the page offers for this design ('Start a group order'): after the buttons. */
  moreActions?: ReactNode;
}

/** One saved design: its thumbnails, and open (a copy in the designer), rename, duplicate, share, delete. */
export function SavedDesignCard({
  saved,
  product,
  productTitle,
  moreActions,
}: SavedDesignCardProps) {
  const nameId = useId();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(saved.name);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const update = useUpdateSavedDesign();
  const duplicate = useDuplicateSavedDesign();
  const remove = useDeleteSavedDesign();

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await update.mutateAsync({ id: saved._id, body: { name } });
      setRenaming(false);
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  };

  return (
    <article
      aria-labelledby={`${nameId}-title`}
      className="flex flex-col gap-4 rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:flex-row"
    >
      {product ? (
        <DesignThumbnails
          design={saved.design}
          printAreas={product.customisation.printAreas}
          garment={garmentKind(product.category)}
          color={product.color}
          className="w-24"
        />
      ) : (
        <div className="size-24 rounded-lg bg-ink-100" />
      )}
      <div className="min-w-0 flex-1">
        {renaming ? (
          <form onSubmit={rename} className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1">
              <label htmlFor={nameId} className="text-sm font-medium text-ink-800">
                Name
              </label>
              <input
                id={nameId}
                value={name}
                onChange={(event) => setName(event.target.value)}
                className={`${inputStyles(false)} mt-1 h-10`}
              />
            </div>
            <button type="submit" disabled={update.isPending} className={SMALL}>
              {update.isPending ? 'Saving…' : 'Save name'}
            </button>
            <button
              type="button"
              onClick={() => {
                setName(saved.name);
                setRenaming(false);
              }}
              className={SMALL}
            >
              Cancel
            </button>
          </form>
        ) : (
          <h2 id={`${nameId}-title`} className="truncate text-lg font-semibold text-ink-900">
            {saved.name}
          </h2>
        )}
        <p className="mt-1 text-sm text-ink-600">
          On {productTitle} · changed {formatDate(saved.updatedAt)}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link
            to={paths.productCustomise(saved.productId, { design: saved._id })}
            className={buttonStyles({ size: 'sm', className: 'px-3' })}
            aria-label={`Open ${saved.name}`}
          >
            Open
          </Link>
          {renaming ? null : (
            <button
              type="button"
              onClick={() => setRenaming(true)}
              className={SMALL}
              aria-label={`Rename ${saved.name}`}
            >
              Rename
            </button>
          )}
          <button
            type="button"
            disabled={duplicate.isPending}
            onClick={() =>
              duplicate.mutate(saved._id, {
                onSuccess: (copy) => toast.success(`Saved “${copy.name}”`),
                onError: (error) => toast.error(getErrorMessage(error)),
              })
            }
            className={SMALL}
            aria-label={`Duplicate ${saved.name}`}
          >
            Duplicate
          </button>
          <ShareDesignButtons
            savedId={saved._id}
            name={saved.name}
            shared={saved.sharePath !== null}
          />
          <button
            type="button"
            onClick={() => setConfirmDelete(true)}
            className={buttonStyles({
              variant: 'ghost',
              size: 'sm',
              className: 'px-3 text-red-700',
            })}
            aria-label={`Delete ${saved.name}`}
          >
            Delete
          </button>
          {moreActions}
        </div>
      </div>
      {confirmDelete ? (
        <ConfirmDialog
          title={`Delete “${saved.name}”?`}
          description="The design leaves My designs. Orders placed with it keep their own copy."
          keepLabel="Keep design"
          confirmLabel="Yes, delete"
          pendingLabel="Deleting…"
          pending={remove.isPending}
          onKeep={() => setConfirmDelete(false)}
          onConfirm={() =>
            remove.mutate(saved._id, {
              onSuccess: () => setConfirmDelete(false),
              onError: (error) => toast.error(getErrorMessage(error)),
            })
          }
        />
      ) : null}
    </article>
  );
}
