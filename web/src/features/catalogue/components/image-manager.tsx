import { type ChangeEvent, useId } from 'react';
import { ADMIN_IMAGES_MAX, IMAGE_MAX_BYTES, IMAGE_MIN_SIDE, IMAGE_TYPES } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useUploadImages } from '../api/admin-products.ts';

export interface ImageRef {
  _id: string;
  url: string;
}

interface ImageManagerProps {
  images: ImageRef[];
  onChange: (images: ImageRef[]) => void;
}

const SMALL = buttonStyles({ variant: 'outline', size: 'sm', className: 'px-3' });

/** A product's pictures: upload from the computer, move up or down (the first is the cover), remove. */
export function ImageManager({ images, onChange }: ImageManagerProps) {
  const inputId = useId();
  const upload = useUploadImages();
  const uploading = upload.isPending;

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const room = ADMIN_IMAGES_MAX - images.length;
    if (files.length > room) toast.error(`A product may have at most ${ADMIN_IMAGES_MAX} images.`);
    upload.mutate(files.slice(0, room), {
      onSuccess: ({ uploaded, refused }) => {
        onChange([...images, ...uploaded.map(({ _id, url }) => ({ _id, url }))]);
        for (const { file, error } of refused)
          toast.error(`${file.name}: ${getErrorMessage(error)}`);
      },
    });
  };

  const move = (index: number, by: -1 | 1) => {
    const next = [...images];
    const [image] = next.splice(index, 1);
    if (image) next.splice(index + by, 0, image);
    onChange(next);
  };

  return (
    <fieldset>
      <legend className="text-sm font-medium text-ink-800">Images</legend>
      <p className="mt-1 text-xs text-ink-600">
        PNG, JPEG or WebP, at most {IMAGE_MAX_BYTES / 1024 / 1024} MB, at least {IMAGE_MIN_SIDE}×
        {IMAGE_MIN_SIDE} pixels. The first image is the one the shop shows first.
      </p>
      {images.length > 0 ? (
        <ol className="mt-3 grid gap-3 sm:grid-cols-2">
          {images.map((image, index) => (
            <li
              key={image._id}
              className="flex items-center gap-3 rounded-xl border border-ink-200 bg-white p-2"
            >
              <img
                src={image.url}
                alt={`Product view ${index + 1}`}
                className="size-16 shrink-0 rounded-lg bg-ink-100 object-cover"
              />
              <div className="flex flex-1 flex-wrap gap-1.5">
                <button
                  type="button"
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={`Move image ${index + 1} up`}
                  className={SMALL}
                >
                  Up
                </button>
                <button
                  type="button"
                  disabled={index === images.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={`Move image ${index + 1} down`}
                  className={SMALL}
                >
                  Down
                </button>
                <button
                  type="button"
                  onClick={() => onChange(images.filter((other) => other._id !== image._id))}
                  aria-label={`Remove image ${index + 1}`}
                  className={`${SMALL} text-red-700!`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-3 text-sm text-ink-600">No images yet.</p>
      )}
      <div className="mt-3">
        <label
          htmlFor={inputId}
          className={buttonStyles({
            variant: 'outline',
            size: 'sm',
            className: `cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${uploading ? 'opacity-60' : ''}`,
          })}
        >
          {uploading ? 'Uploading…' : 'Upload images'}
          <input
            id={inputId}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            multiple
            disabled={uploading || images.length >= ADMIN_IMAGES_MAX}
            onChange={onFiles}
            className="sr-only"
          />
        </label>
      </div>
    </fieldset>
  );
}
