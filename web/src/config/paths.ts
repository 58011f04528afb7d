/**
 * Every route of the web app in one place (SPEC §2). `routePaths` holds the
 * patterns the router registers; `paths` builds the links, so no screen
 * spells a URL by hand.
 */
export const routePaths = {
  home: '/',
  products: '/products',
  product: '/product/:id',
  about: '/about',
  contact: '/contact',
  login: '/login',
  signUp: '/signin',
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
} as const;

const withId = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

export interface ProductsSearch {
  search?: string;
}

export const paths = {
  home: () => routePaths.home,
  products: ({ search }: ProductsSearch = {}) => {
    const text = search?.trim();
    return text
      ? `${routePaths.products}?${new URLSearchParams({ search: text })}`
      : routePaths.products;
  },
  product: (id: string) => withId('/product', id),
  about: () => routePaths.about,
  contact: () => routePaths.contact,
  login: () => routePaths.login,
  signUp: () => routePaths.signUp,
  cart: () => routePaths.cart,
  checkout: () => routePaths.checkout,
  paymentDone: (orderId: string) => withId('/payment-done', orderId),
  profile: () => routePaths.profile,
  orders: () => routePaths.orders,
  order: (id: string) => withId('/order', id),
  orderTracking: (id: string) => `${withId('/order', id)}/track`,
  logout: () => routePaths.logout,
  settings: () => routePaths.settings,
} as const;
