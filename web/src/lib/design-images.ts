/** Where an uploaded design image is served: beside product images, by its id (D30). */
export function designImageUrl(imageId: string): string {
  return `/media/${encodeURIComponent(imageId)}`;
}
