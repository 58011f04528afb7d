import { type ComponentType, Suspense, use } from 'react';
import { matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { routePaths } from '#web/config/paths.ts';
import { CodeFirstBrowserRouter, type PageCode } from './page-navigation.tsx';
import { PageOutlet } from './page-outlet.tsx';
import { RequireAuth } from './require-auth.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorBoundary } from './route-error.tsx';
import { HomeRoute } from './routes/home.tsx';

interface LazyPageHandle {
  /** Loads the page's code; resolves at once when it is here already. */
  preload: () => Promise<void>;
  /** Whether the page's code is here. */
  isLoaded: () => boolean;
}

/**
 * A page whose code is its own chunk, loaded when first shown (it suspends
 * until then). Its `preload` lets the server and the browser load it before
 * rendering, so a server-rendered page hydrates without suspending
 * (decision 022). Declarative routes (decision 027): no data router.
 */
function lazyPage(load: () => Promise<ComponentType>): Pick<RouteObject, 'element' | 'handle'> {
  let Page: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then((component) => {
      Page = component;
    });
    return loading;
  };
  function LazyPage() {
    if (!Page) use(preload());
    return Page ? <Page /> : null;
  }
  const handle: LazyPageHandle = { preload, isLoaded: () => Page !== undefined };
  return { element: <LazyPage />, handle };
}

/** Any path the app does not know; under /admin, inside the console. */
const notFoundPage = lazyPage(() =>
  import('./routes/not-found.tsx').then((module) => module.NotFoundRoute),
);

/**
 * Every route of SPEC §2 (plus D20's tracking page): the shop's pages under
 * its layout, the admin's under the console's (issue 27). Home ships in the
 * first bundle; every other page is its own chunk, loaded when first visited.
 */
export const routes: RouteObject[] = [
  {
    path: routePaths.home,
    Component: RootLayout,
    children: [
      {
        Component: PageOutlet,
        children: [
          { index: true, Component: HomeRoute },
          {
            path: routePaths.products,
            ...lazyPage(() =>
              import('./routes/products.tsx').then((module) => module.ProductsRoute),
            ),
          },
          {
            path: routePaths.product,
            ...lazyPage(() => import('./routes/product.tsx').then((module) => module.ProductRoute)),
          },
          {
            // D27: the designer and its fonts load only when a shopper opens it.
            path: routePaths.productCustomise,
            ...lazyPage(() =>
              import('./routes/designer.tsx').then((module) => module.DesignerRoute),
            ),
          },
          {
            // Issue 29: a design shared by its link, server-rendered for chat apps' previews.
            path: routePaths.sharedDesign,
            ...lazyPage(() =>
              import('./routes/shared-design.tsx').then((module) => module.SharedDesignRoute),
            ),
          },
          {
            // Issue 29: a group order's page, for its members and its organiser.
            path: routePaths.groupOrder,
            ...lazyPage(() =>
              import('./routes/group-order.tsx').then((module) => module.GroupOrderRoute),
            ),
          },
          {
            path: routePaths.about,
            ...lazyPage(() => import('./routes/about.tsx').then((module) => module.AboutRoute)),
          },
          {
            path: routePaths.contact,
            ...lazyPage(() => import('./routes/contact.tsx').then((module) => module.ContactRoute)),
          },
          {
            path: routePaths.login,
            ...lazyPage(() => import('./routes/login.tsx').then((module) => module.LoginRoute)),
          },
          {
            path: routePaths.signUp,
            ...lazyPage(() => import('./routes/sign-up.tsx').then((module) => module.SignUpRoute)),
          },
          {
            path: routePaths.forgotPassword,
            ...lazyPage(() =>
              import('./routes/forgot-password.tsx').then((module) => module.ForgotPasswordRoute),
            ),
          },
          {
            path: routePaths.resetPassword,
            ...lazyPage(() =>
              import('./routes/reset-password.tsx').then((module) => module.ResetPasswordRoute),
            ),
          },
          {
            path: routePaths.confirmEmailChange,
            ...lazyPage(() =>
              import('./routes/confirm-email-change.tsx').then(
                (module) => module.ConfirmEmailChangeRoute,
              ),
            ),
          },
          {
            path: routePaths.cancelEmailChange,
            ...lazyPage(() =>
              import('./routes/cancel-email-change.tsx').then(
                (module) => module.CancelEmailChangeRoute,
              ),
            ),
          },
          {
            path: routePaths.logout,
            ...lazyPage(() => import('./routes/logout.tsx').then((module) => module.LogoutRoute)),
          },
          {
            // D33: a visitor's wishlist lives in the browser, so the page is open to all.
            path: routePaths.wishlist,
            ...lazyPage(() =>
              import('./routes/wishlist.tsx').then((module) => module.WishlistRoute),
            ),
          },
          {
            // The mailed link that confirms a back-in-stock request (D33, double opt-in).
            path: routePaths.confirmStockAlert,
            ...lazyPage(() =>
              import('./routes/confirm-stock-alert.tsx').then(
                (module) => module.ConfirmStockAlertRoute,
              ),
            ),
          },
          {
            // Issue 27: the mailed link that confirms a newsletter subscription (double opt-in).
            path: routePaths.confirmNewsletter,
            ...lazyPage(() =>
              import('./routes/confirm-newsletter.tsx').then(
                (module) => module.ConfirmNewsletterRoute,
              ),
            ),
          },
          {
            // D17: a visitor's cart is theirs to see; checking out asks them to sign in (D15).
            path: routePaths.cart,
            ...lazyPage(() => import('./routes/cart.tsx').then((module) => module.CartRoute)),
          },
          {
            // D15: these pages need a token; RequireAuth sends a visitor to /login and back.
            Component: RequireAuth,
            children: [
              {
                path: routePaths.checkout,
                ...lazyPage(() =>
                  import('./routes/checkout.tsx').then((module) => module.CheckoutRoute),
                ),
              },
              {
                path: routePaths.paymentDone,
                ...lazyPage(() =>
                  import('./routes/payment-done.tsx').then((module) => module.PaymentDoneRoute),
                ),
              },
              {
                path: routePaths.profile,
                ...lazyPage(() =>
                  import('./routes/profile.tsx').then((module) => module.ProfileRoute),
                ),
              },
              {
                path: routePaths.orders,
                ...lazyPage(() =>
                  import('./routes/orders.tsx').then((module) => module.OrdersRoute),
                ),
              },
              {
                path: routePaths.order,
                ...lazyPage(() => import('./routes/order.tsx').then((module) => module.OrderRoute)),
              },
              {
                path: routePaths.orderTracking,
                ...lazyPage(() =>
                  import('./routes/order-tracking.tsx').then((module) => module.OrderTrackingRoute),
                ),
              },
              {
                path: routePaths.myDesigns,
                ...lazyPage(() =>
                  import('./routes/my-designs.tsx').then((module) => module.MyDesignsRoute),
                ),
              },
              {
                path: routePaths.settings,
                ...lazyPage(() =>
                  import('./routes/settings.tsx').then((module) => module.SettingsRoute),
                ),
              },
            ],
          },
          { path: '*', ...notFoundPage },
        ],
      },
    ],
  },
  {
    // D25: the shop owner's screens, in a console of their own (issue 27): a visitor goes to
    // /login first; the console's layout and each screen's code load only when an admin opens them.
    Component: RequireAuth,
    children: [
      {
        ...lazyPage(() => import('./admin-layout.tsx').then((module) => module.AdminLayout)),
        children: [
          {
            path: routePaths.admin,
            ...lazyPage(() =>
              import('./routes/admin/dashboard.tsx').then((module) => module.AdminDashboardRoute),
            ),
          },
          {
            path: routePaths.adminProducts,
            ...lazyPage(() =>
              import('./routes/admin/products.tsx').then((module) => module.AdminProductsRoute),
            ),
          },
          {
            path: routePaths.adminCatalogueLists,
            ...lazyPage(() =>
              import('./routes/admin/catalogue-lists.tsx').then(
                (module) => module.AdminCatalogueListsRoute,
              ),
            ),
          },
          {
            path: routePaths.adminProductNew,
            ...lazyPage(() =>
              import('./routes/admin/product-edit.tsx').then(
                (module) => module.AdminProductNewRoute,
              ),
            ),
          },
          {
            path: routePaths.adminProduct,
            ...lazyPage(() =>
              import('./routes/admin/product-edit.tsx').then(
                (module) => module.AdminProductEditRoute,
              ),
            ),
          },
          {
            path: routePaths.adminOrders,
            ...lazyPage(() =>
              import('./routes/admin/orders.tsx').then((module) => module.AdminOrdersRoute),
            ),
          },
          {
            path: routePaths.adminOrder,
            ...lazyPage(() =>
              import('./routes/admin/order.tsx').then((module) => module.AdminOrderRoute),
            ),
          },
          {
            path: routePaths.adminMessages,
            ...lazyPage(() =>
              import('./routes/admin/messages.tsx').then((module) => module.AdminMessagesRoute),
            ),
          },
          {
            path: routePaths.adminOutbox,
            ...lazyPage(() =>
              import('./routes/admin/outbox.tsx').then((module) => module.AdminOutboxRoute),
            ),
          },
          {
            path: routePaths.adminOutboxMessage,
            ...lazyPage(() =>
              import('./routes/admin/outbox-message.tsx').then(
                (module) => module.AdminOutboxMessageRoute,
              ),
            ),
          },
          {
            path: routePaths.adminReturns,
            ...lazyPage(() =>
              import('./routes/admin/returns.tsx').then((module) => module.AdminReturnsRoute),
            ),
          },
          {
            path: routePaths.adminRefunds,
            ...lazyPage(() =>
              import('./routes/admin/refunds.tsx').then((module) => module.AdminRefundsRoute),
            ),
          },
          {
            path: routePaths.adminReviews,
            ...lazyPage(() =>
              import('./routes/admin/reviews.tsx').then((module) => module.AdminReviewsRoute),
            ),
          },
          {
            path: routePaths.adminReports,
            ...lazyPage(() =>
              import('./routes/admin/reports.tsx').then((module) => module.AdminReportsRoute),
            ),
          },
          {
            path: routePaths.adminCustomers,
            ...lazyPage(() =>
              import('./routes/admin/customers.tsx').then((module) => module.AdminCustomersRoute),
            ),
          },
          {
            path: routePaths.adminCustomer,
            ...lazyPage(() =>
              import('./routes/admin/customer.tsx').then((module) => module.AdminCustomerRoute),
            ),
          },
          {
            path: routePaths.adminPromotions,
            ...lazyPage(() =>
              import('./routes/admin/promotions.tsx').then((module) => module.AdminPromotionsRoute),
            ),
          },
          {
            path: routePaths.adminSettings,
            ...lazyPage(() =>
              import('./routes/admin/settings.tsx').then((module) => module.AdminSettingsRoute),
            ),
          },
          { path: `${routePaths.admin}/*`, ...notFoundPage },
        ],
      },
    ],
  },
];

function lazyPagesFor(pathname: string): LazyPageHandle[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) =>
    route.handle ? [route.handle as LazyPageHandle] : [],
  );
}

/**
 * Loads the code of the lazy pages that match `pathname`, so the first render
 * has the page itself and hydrates the server's HTML as it is (decision 022),
 * not a loading fallback.
 */
export async function loadRoutesFor(pathname: string): Promise<void> {
  await Promise.all(lazyPagesFor(pathname).map((page) => page.preload()));
}

const pageCode: PageCode = {
  isHere: (pathname) => lazyPagesFor(pathname).every((page) => page.isLoaded()),
  load: loadRoutesFor,
};

/** The page for the router's location, with the shared layout. */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<FullScreenSpinner label="Loading page" />}>{useRoutes(routes)}</Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * Navigations are not transitions: the address and the screen change together.
 * A link waits for its page's code (fetched ahead when the link shows, is
 * hovered or touched), with the current page still up, so no loading screen
 * comes between pages (issue 30, page-navigation.tsx).
 */
export function AppRouter() {
  return (
    <CodeFirstBrowserRouter code={pageCode}>
      <AppRoutes />
    </CodeFirstBrowserRouter>
  );
}
