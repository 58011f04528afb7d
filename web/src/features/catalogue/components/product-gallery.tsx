import { type KeyboardEvent, useState } from 'react';
import type { Product } from '#contract';
import { ChevronDownIcon } from '#web/components/ui/icons.tsx';
import { useHydrated } from '#web/hooks/use-hydrated.ts';

interface ProductGalleryProps {
  title: string;
  images: Product['images'];
}

const ARROW =
  'absolute top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink-900 shadow-md ring-1 ring-ink-200 transition-colors hover:bg-white hover:text-brand-700';

/**
 * SPEC §2 Product detail: the pictures with previous/next arrows and
 * thumbnails. The arrows go round; ← and → work anywhere in the gallery.
 */
export function ProductGallery({ title, images }: ProductGalleryProps) {
  const [current, setCurrent] = useState(0);
  // The first picture shows at once (it is the page's LCP); a picture the shopper switches to fades in.
  const [switched, setSwitched] = useState(false);
  const hydrated = useHydrated();
  const count = images.length;
  const image = images[current];
  const show = (index: number) => {
    setCurrent((index + count) % count);
    setSwitched(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (count < 2) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      show(current - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      show(current + 1);
    }
  };

  return (
    <section
      aria-label={`Pictures of ${title}`}
      onKeyDown={onKeyDown}
      className="flex flex-col gap-4"
    >
      <div className="relative aspect-[4/5] overflow-hidden rounded-3xl bg-ink-100">
        {image ? (
          <img
            key={image.url}
            src={image.url}
            alt={count > 1 ? `${title}, picture ${current + 1} of ${count}` : title}
            width={800}
            height={1000}
            // The page's largest picture (its LCP): fetched before the scripts that hydrate it.
            fetchPriority="high"
            className={`size-full object-cover ${switched ? 'motion-safe:animate-[fade-in_0.25s_ease-out]' : ''}`}
          />
        ) : (
          <span className="flex size-full items-center justify-center text-ink-600">
            No picture yet
          </span>
        )}
        {count > 1 ? (
          <>
            <button
              type="button"
              aria-label="Previous picture"
              disabled={!hydrated}
              onClick={() => show(current - 1)}
              className={`${ARROW} left-3`}
            >
              <ChevronDownIcon className="size-5 rotate-90" />
            </button>
            <button
              type="button"
              aria-label="Next picture"
              disabled={!hydrated}
              onClick={() => show(current + 1)}
              className={`${ARROW} right-3`}
            >
              <ChevronDownIcon className="size-5 -rotate-90" />
            </button>
            <p
              aria-live="polite"
              className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-ink-900/75 px-3 py-1 text-xs font-semibold text-white"
            >
              <span className="sr-only">Picture </span>
              {current + 1}
              <span aria-hidden="true"> / </span>
              <span className="sr-only"> of </span>
              {count}
            </p>
          </>
        ) : null}
      </div>

      {count > 1 ? (
        <ul className="flex gap-3 overflow-x-auto p-1">
          {images.map((thumbnail, index) => (
            <li key={thumbnail.url} className="shrink-0">
              <button
                type="button"
                aria-label={`Show picture ${index + 1} of ${count}`}
                aria-current={index === current ? 'true' : undefined}
                disabled={!hydrated}
                onClick={() => show(index)}
                className={`block size-16 overflow-hidden rounded-xl bg-ink-100 ring-2 transition-shadow sm:size-20 ${
                  index === current ? 'ring-brand-600' : 'ring-transparent hover:ring-ink-300'
                }`}
              >
                <img
                  src={thumbnail.url}
                  alt=""
                  width={80}
                  height={100}
                  loading="lazy"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
