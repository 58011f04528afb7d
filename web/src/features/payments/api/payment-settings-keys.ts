export const paymentSettingsKeys = {
  /** Cash on delivery's rules and Razorpay's mode, as the owner's settings screen shows them. */
  all: ['admin-payment-settings'] as const,
};
