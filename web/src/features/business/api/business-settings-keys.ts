export const businessSettingsKeys = {
  /** The business details tax invoices print, as the owner's settings screen shows them. */
  business: ['admin-business-settings'] as const,
  /** GST's rates and codes, as the settings screen and the product form read them. */
  tax: ['admin-tax-settings'] as const,
};
