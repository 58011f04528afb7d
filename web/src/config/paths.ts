import { APP_ROUTE_PATHS, type Size } from '#contract';

/**
 * Every route of the web app in one place (SPEC §2). `routePaths` holds the
 * patterns the router registers (the contract owns them, so the server knows
 * them too); `paths` builds the links, so no screen spells a URL by hand.
 */
export const routePaths = APP_ROUTE_PATHS;

const withId = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

export interface ProductsSearch {
  search?: string;
  /** Only the products shoppers may design on (issue 28). */
  customisable?: boolean;
}

/** Where to go after signing in (D15): the page the shopper wanted. */
export interface NextSearch {
  next?: string;
}

const withNext = (base: string, next?: string) => {
  const target = next ? safeNextPath(next) : routePaths.home;
  return target === routePaths.home ? base : `${base}?${new URLSearchParams({ next: target })}`;
};

/** Any origin serves to resolve against: only a result on the same origin is kept. */
const RESOLVE_ORIGIN = 'http://shop.invalid';

/** Decodes a path until it stops changing (`%252F` → `%2F` → `/`); undefined when malformed. */
function fullyDecoded(path: string): string | undefined {
  let current = path;
  for (let round = 0; round < 5; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (decoded === current) return current;
    current = decoded;
  }
  return undefined;
}

/**
 * A `next` target from the URL, if it is a page of this shop: never another
 * site (`//evil.test`, `/%09/evil.test`, `https:evil.test`, ...), never the
 * sign-in, sign-up or logout pages; otherwise /. It is resolved as the browser
 * would resolve it (`new URL`, which also drops tabs and newlines), and only
 * the path, query and hash of a same-origin result are kept; a path that
 * would read as another host once decoded (`/%2F/evil.test`) goes home too.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/')) return routePaths.home;
  let url: URL;
  try {
    url = new URL(next, RESOLVE_ORIGIN);
  } catch {
    return routePaths.home;
  }
  if (url.origin !== RESOLVE_ORIGIN) return routePaths.home;
  // Control characters and spaces count as nothing, as browsers strip tabs and newlines.
  const decoded = fullyDecoded(url.pathname)?.replace(/[\p{Cc}\s]/gu, '');
  if (!decoded || decoded.replace(/\\/g, '/').startsWith('//')) return routePaths.home;
  const authPages: string[] = [routePaths.login, routePaths.signUp, routePaths.logout];
  if (authPages.includes(url.pathname)) return routePaths.home;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `base?key=value` with the empty values and page 1 left out. */
const withSearch = (base: string, search: Record<string, string | number | undefined>) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === '' || (key === 'page' && value === 1)) continue;
    query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${base}?${text}` : base;
};

export const paths = {
  home: () => routePaths.home,
  products: ({ search, customisable }: ProductsSearch = {}) => {
    const params = new URLSearchParams();
    const text = search?.trim();
    if (text) params.set('search', text);
    if (customisable) params.set('customisable', 'true');
    return params.size > 0 ? `${routePaths.products}?${params}` : routePaths.products;
  },
  product: (id: string) => withId('/product', id),
  /**
   * The designer; `design` opens a copy of a saved design, `shared` a copy of
   * a design shared by link (issue 29), `size` is the size chosen on the product page.
   */
  productCustomise: (
    id: string,
    { design, shared, size }: { design?: string; shared?: string; size?: Size } = {},
  ) => withSearch(`${withId('/product', id)}/customise`, { design, shared, size }),
  about: () => routePaths.about,
  contact: () => routePaths.contact,
  login: ({ next }: NextSearch = {}) => withNext(routePaths.login, next),
  signUp: ({ next }: NextSearch = {}) => withNext(routePaths.signUp, next),
  forgotPassword: () => routePaths.forgotPassword,
  resetPassword: (token: string) => `${routePaths.resetPassword}?${new URLSearchParams({ token })}`,
  cart: () => routePaths.cart,
  checkout: () => routePaths.checkout,
  paymentDone: (orderId: string) => withId('/payment-done', orderId),
  profile: () => routePaths.profile,
  orders: () => routePaths.orders,
  order: (id: string) => withId('/order', id),
  orderTracking: (id: string) => `${withId('/order', id)}/track`,
  logout: () => routePaths.logout,
  settings: () => routePaths.settings,
  wishlist: () => routePaths.wishlist,
  myDesigns: () => routePaths.myDesigns,
  sharedDesign: (token: string) => withId('/d', token),
  admin: () => routePaths.admin,
  adminProducts: (search: { search?: string; archived?: string; page?: number } = {}) =>
    withSearch(routePaths.adminProducts, search),
  adminProductNew: () => routePaths.adminProductNew,
  adminProduct: (id: string) => withId(routePaths.adminProducts, id),
  adminCatalogueLists: () => routePaths.adminCatalogueLists,
  adminOrders: (search: { search?: string; status?: string; page?: number } = {}) =>
    withSearch(routePaths.adminOrders, search),
  adminOrder: (id: string) => withId(routePaths.adminOrders, id),
  adminMessages: () => routePaths.adminMessages,
  adminOutbox: (search: { status?: string; page?: number } = {}) =>
    withSearch(routePaths.adminOutbox, search),
  adminOutboxMessage: (id: string) => withId(routePaths.adminOutbox, id),
  adminReviews: () => routePaths.adminReviews,
  adminSettings: () => routePaths.adminSettings,
  adminReturns: (search: { status?: string; page?: number } = {}) =>
    withSearch(routePaths.adminReturns, search),
  adminRefunds: () => routePaths.adminRefunds,
  adminReports: () => routePaths.adminReports,
  adminCustomers: (search: { search?: string; page?: number } = {}) =>
    withSearch(routePaths.adminCustomers, search),
  adminCustomer: (id: string) => withId(routePaths.adminCustomers, id),
  adminPromotions: () => routePaths.adminPromotions,
} as const;
