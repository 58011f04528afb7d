export const addressKeys = {
  /** The shopper's delivery addresses. */
  list: ['addresses'] as const,
};
