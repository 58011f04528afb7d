/**
 * Every page of the web app (SPEC §2), as router patterns. The web app
 * registers them; the server answers 200 for a path that matches one and 404
 * for any other (issue 14: a real 404 for search engines).
 */
export const APP_ROUTE_PATHS = {
  home: '/',
  products: '/products',
  product: '/product/:id',
  // D27: the tee designer for a customisable product.
  productCustomise: '/product/:id/customise',
  about: '/about',
  contact: '/contact',
  login: '/login',
  signUp: '/signin',
  // D29: a reset link by email.
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  // Issue 23: the links an email change mails to the new and to the old address.
  confirmEmailChange: '/email-change/confirm',
  cancelEmailChange: '/email-change/cancel',
  cart: '/cart',
  checkout: '/checkout',
  paymentDone: '/payment-done/:id',
  profile: '/profile',
  orders: '/orders',
  order: '/order/:id',
  // D20: the order list links here.
  orderTracking: '/order/:id/track',
  logout: '/logout',
  settings: '/settings',
  // D33: saved products (a guest's live in the browser).
  wishlist: '/wishlist',
  // The mailed link that confirms a back-in-stock request (?token=…).
  confirmStockAlert: '/stock-alerts/confirm',
  // Issue 27: the mailed link that confirms a newsletter subscription (?token=…).
  confirmNewsletter: '/newsletter/confirm',
  // D27: the signed-in shopper's saved designs.
  myDesigns: '/designs',
  // Issue 29: a saved design shared by its read-only link (decision 058).
  sharedDesign: '/d/:token',
  // Issue 29: a group order's page, for its members and its organiser (decision 060).
  groupOrder: '/g/:token',
  // D25: the shop owner's screens.
  admin: '/admin',
  adminProducts: '/admin/products',
  adminProductNew: '/admin/products/new',
  adminProduct: '/admin/products/:id',
  // Issue 27: the categories and genders products pick from, renamed or merged.
  adminCatalogueLists: '/admin/products/lists',
  adminOrders: '/admin/orders',
  adminOrder: '/admin/orders/:id',
  adminMessages: '/admin/messages',
  adminOutbox: '/admin/outbox',
  adminOutboxMessage: '/admin/outbox/:id',
  adminReviews: '/admin/reviews',
  // D31: returns and exchanges to approve, receive or reject.
  adminReturns: '/admin/returns',
  // Issue 25: cash on delivery's rules, and how payments are taken.
  adminSettings: '/admin/settings',
  // Issue 25: refunds of cash orders, paid by hand.
  adminRefunds: '/admin/refunds',
  // Issue 26: the monthly GST return's files.
  adminReports: '/admin/reports',
  // Issue 27: the shop's customers, one by one, and its coupons.
  adminCustomers: '/admin/customers',
  adminCustomer: '/admin/customers/:id',
  adminPromotions: '/admin/promotions',
} as const;

/**
 * The pages where a shopper pays (issue 25): checkout, an order's page with
 * its 'Pay now', and a group order's page, where an 'each pays' member pays
 * their piece (decision 066). With Razorpay's keys, the server's CSP admits
 * Checkout only on documents loaded at these paths, so the web app loads
 * them as documents before opening Checkout (decision 039).
 */
export const PAYMENT_PAGE_PATTERN = /^\/(checkout|order\/[^/?#]+|g\/[^/?#]+)\/?([?#]|$)/;
