import { AppLayout } from '#web/components/layouts/app-layout.tsx';
import { selectCartLineCount, useCartStore } from '#web/features/cart/stores/cart-store.ts';

/** The shared layout, fed with what it shows from features (the cart badge). */
export function RootLayout() {
  const cartCount = useCartStore(selectCartLineCount);
  return <AppLayout cartCount={cartCount} />;
}
