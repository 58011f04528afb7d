import { useEffect } from 'react';
import { Toaster, toast, useToasterStore } from 'react-hot-toast';

/** SPEC §9: at most 20 toasts at once. */
export const MAX_VISIBLE_TOASTS = 20;

/**
 * react-hot-toast has no limit option: when more than the limit are visible,
 * the oldest are dismissed (the store lists the newest first).
 */
function ToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    for (const extra of toasts.filter((item) => item.visible).slice(MAX_VISIBLE_TOASTS)) {
      toast.dismiss(extra.id);
    }
  }, [toasts]);
  return null;
}

/** Toasts at the top centre: success for 2 s, errors for 4 s (SPEC §2, §9). */
export default function AppToaster() {
  return (
    <>
      <Toaster
        position="top-center"
        // Below the fixed top bar (4rem), so a toast never hides the cart or the menu.
        containerStyle={{ top: 72 }}
        toastOptions={{
          success: { duration: 2000 },
          error: { duration: 4000 },
          className: 'text-sm',
        }}
      />
      <ToastLimit />
    </>
  );
}
