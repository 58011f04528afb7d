import { useQuery } from '@tanstack/react-query';
import { type Design, designImageIds } from '#contract';
import { designImageUrl } from '#web/lib/design-images.ts';
import type { DesignImageInfo } from '../utils/guard-rails.ts';
import { designImageKeys } from './design-keys.ts';

/** An uploaded image's pixel size, read by decoding it as the preview does. */
function loadImage(imageId: string): Promise<DesignImageInfo> {
  const url = designImageUrl(imageId);
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () =>
      resolve({ _id: imageId, url, width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('An image of this design could not be loaded.'));
    image.src = url;
  });
}

/**
 * The images a reopened design uses, with their pixel sizes (the DPI guard
 * rail needs them). Resolves at once for a design without images.
 */
export function useDesignImages(design: Design | undefined) {
  const ids = design ? designImageIds(design) : [];
  return useQuery({
    queryKey: designImageKeys.list(ids),
    queryFn: () => Promise.all(ids.map(loadImage)),
    enabled: design !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
