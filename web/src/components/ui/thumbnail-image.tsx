/**
 * A product's picture filling its square box (the box gives the size and the
 * grey behind), loaded once it scrolls near; nothing when there is no picture.
 */
export function ThumbnailImage({ url, pixels }: { url: string | undefined; pixels: number }) {
  return url ? (
    <img
      src={url}
      alt=""
      width={pixels}
      height={pixels}
      loading="lazy"
      className="size-full object-cover"
    />
  ) : null;
}
