export const savedCardKeys = {
  /** The cards the shopper saved at checkout. */
  list: ['payment-cards'] as const,
};
