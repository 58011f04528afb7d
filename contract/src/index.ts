export * from './addresses.ts';
export * from './admin.ts';
export * from './auth.ts';
export * from './backups.ts';
export * from './business-settings.ts';
export * from './cart.ts';
export * from './cart-line-rules.ts';
export * from './catalogue.ts';
export * from './common.ts';
export * from './design.ts';
export * from './design-fonts.ts';
export * from './design-layout.ts';
export * from './design-palette.ts';
export * from './endpoint.ts';
export * from './envelope.ts';
export * from './fields.ts';
export * from './format.ts';
export * from './gst.ts';
export * from './invoices.ts';
export * from './mail.ts';
export * from './media.ts';
export * from './messages.ts';
export * from './orders.ts';
export * from './payment-settings.ts';
export * from './payments.ts';
export * from './profile.ts';
export * from './returns.ts';
export * from './reviews.ts';
export * from './routes.ts';
export * from './server-rendering.ts';
export * from './shop.ts';
export * from './size-guide.ts';
export * from './system.ts';
export * from './text.ts';
export * from './wishlist.ts';
// The design renderer is imported as '#contract/design-render', never through this file:
// everything this file exports ships in the web app's first load (issue 14's budget),
// and only the designer and design thumbnails (lazy pages) draw designs.
