export const savedDesignKeys = {
  /** The shopper's saved designs, and the start of every design's key: one change refreshes them all. */
  all: ['saved-designs'] as const,
  detail: (id: string) => [...savedDesignKeys.all, id] as const,
};

export const designImageKeys = {
  /** The images a reopened design uses, with their pixel sizes. */
  list: (imageIds: string[]) => ['design-images', ...imageIds] as const,
};
