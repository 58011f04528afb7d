import { useState } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { routePaths } from '#web/config/paths.ts';
import { RequireAdmin } from './require-admin.tsx';
import { RequireAuth } from './require-auth.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { HomeRoute } from './routes/home.tsx';

/**
 * Every route of SPEC §2 (plus D20's tracking page) under one layout. Home
 * ships in the first bundle; every other page is its own chunk, loaded when
 * first visited.
 */
export const routes: RouteObject[] = [
  {
    path: routePaths.home,
    Component: RootLayout,
    HydrateFallback: () => <FullScreenSpinner label="Loading page" />,
    ErrorBoundary: RouteError,
    children: [
      {
        // Errors in a page show inside the layout, so the top bar still works.
        ErrorBoundary: RouteError,
        children: [
          { index: true, Component: HomeRoute },
          {
            path: routePaths.products,
            lazy: async () => ({
              Component: (await import('./routes/products.tsx')).ProductsRoute,
            }),
          },
          {
            path: routePaths.product,
            lazy: async () => ({ Component: (await import('./routes/product.tsx')).ProductRoute }),
          },
          {
            // D27: the designer and its fonts load only when a shopper opens it.
            path: routePaths.productCustomise,
            lazy: async () => ({
              Component: (await import('./routes/designer.tsx')).DesignerRoute,
            }),
          },
          {
            path: routePaths.about,
            lazy: async () => ({ Component: (await import('./routes/about.tsx')).AboutRoute }),
          },
          {
            path: routePaths.contact,
            lazy: async () => ({ Component: (await import('./routes/contact.tsx')).ContactRoute }),
          },
          {
            path: routePaths.login,
            lazy: async () => ({ Component: (await import('./routes/login.tsx')).LoginRoute }),
          },
          {
            path: routePaths.signUp,
            lazy: async () => ({ Component: (await import('./routes/sign-up.tsx')).SignUpRoute }),
          },
          {
            path: routePaths.forgotPassword,
            lazy: async () => ({
              Component: (await import('./routes/forgot-password.tsx')).ForgotPasswordRoute,
            }),
          },
          {
            path: routePaths.resetPassword,
            lazy: async () => ({
              Component: (await import('./routes/reset-password.tsx')).ResetPasswordRoute,
            }),
          },
          {
            path: routePaths.logout,
            lazy: async () => ({ Component: (await import('./routes/logout.tsx')).LogoutRoute }),
          },
          {
            // D33: a visitor's wishlist lives in the browser, so the page is open to all.
            path: routePaths.wishlist,
            lazy: async () => ({
              Component: (await import('./routes/wishlist.tsx')).WishlistRoute,
            }),
          },
          {
            // D17: a visitor's cart is theirs to see; checking out asks them to sign in (D15).
            path: routePaths.cart,
            lazy: async () => ({ Component: (await import('./routes/cart.tsx')).CartRoute }),
          },
          {
            // D15: these pages need a token; RequireAuth sends a visitor to /login and back.
            Component: RequireAuth,
            children: [
              {
                path: routePaths.checkout,
                lazy: async () => ({
                  Component: (await import('./routes/checkout.tsx')).CheckoutRoute,
                }),
              },
              {
                path: routePaths.paymentDone,
                lazy: async () => ({
                  Component: (await import('./routes/payment-done.tsx')).PaymentDoneRoute,
                }),
              },
              {
                path: routePaths.profile,
                lazy: async () => ({
                  Component: (await import('./routes/profile.tsx')).ProfileRoute,
                }),
              },
              {
                path: routePaths.orders,
                lazy: async () => ({
                  Component: (await import('./routes/orders.tsx')).OrdersRoute,
                }),
              },
              {
                path: routePaths.order,
                lazy: async () => ({ Component: (await import('./routes/order.tsx')).OrderRoute }),
              },
              {
                path: routePaths.orderTracking,
                lazy: async () => ({
                  Component: (await import('./routes/order-tracking.tsx')).OrderTrackingRoute,
                }),
              },
              {
                path: routePaths.myDesigns,
                lazy: async () => ({
                  Component: (await import('./routes/my-designs.tsx')).MyDesignsRoute,
                }),
              },
              {
                path: routePaths.settings,
                lazy: async () => ({
                  Component: (await import('./routes/settings.tsx')).SettingsRoute,
                }),
              },
              {
                // D25: the shop owner's screens; their code loads only when an admin opens them.
                Component: RequireAdmin,
                children: [
                  {
                    path: routePaths.admin,
                    lazy: async () => ({
                      Component: (await import('./routes/admin/dashboard.tsx')).AdminDashboardRoute,
                    }),
                  },
                  {
                    path: routePaths.adminProducts,
                    lazy: async () => ({
                      Component: (await import('./routes/admin/products.tsx')).AdminProductsRoute,
                    }),
                  },
                  {
                    path: routePaths.adminProductNew,
                    lazy: async () => ({
                      Component: (await import('./routes/admin/product-edit.tsx'))
                        .AdminProductNewRoute,
                    }),
                  },
                  {
                    path: routePaths.adminProduct,
                    lazy: async () => ({
                      Component: (await import('./routes/admin/product-edit.tsx'))
                        .AdminProductEditRoute,
                    }),
                  },
                  {
                    path: routePaths.adminOrders,
                    lazy: async () => ({
                      Component: (await import('./routes/admin/orders.tsx')).AdminOrdersRoute,
                    }),
                  },
                  {
                    path: routePaths.adminOrder,
                    lazy: async () => ({
                      Component: (await import('./routes/admin/order.tsx')).AdminOrderRoute,
                    }),
                  },
                  {
                    path: routePaths.adminMessages,
                    lazy: async () => ({
                      Component: (await import('./routes/admin/messages.tsx')).AdminMessagesRoute,
                    }),
                  },
                  {
                    path: routePaths.adminOutbox,
                    lazy: async () => ({
                      Component: (await import('./routes/admin/outbox.tsx')).AdminOutboxRoute,
                    }),
                  },
                  {
                    path: routePaths.adminOutboxMessage,
                    lazy: async () => ({
                      Component: (await import('./routes/admin/outbox-message.tsx'))
                        .AdminOutboxMessageRoute,
                    }),
                  },
                  {
                    path: routePaths.adminReturns,
                    lazy: async () => ({
                      Component: (await import('./routes/admin/returns.tsx')).AdminReturnsRoute,
                    }),
                  },
                  {
                    path: routePaths.adminReviews,
                    lazy: async () => ({
                      Component: (await import('./routes/admin/reviews.tsx')).AdminReviewsRoute,
                    }),
                  },
                ],
              },
            ],
          },
          {
            path: '*',
            lazy: async () => ({
              Component: (await import('./routes/not-found.tsx')).NotFoundRoute,
            }),
          },
        ],
      },
    ],
  },
];

/**
 * Loads the lazy routes that match `pathname` into the route objects, so the
 * router starts with the page's code and hydrates the server's HTML as it is
 * (decision 022), not its loading fallback.
 */
export async function loadRoutesFor(pathname: string): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
