import { useMutation } from '@tanstack/react-query';
import { confirmNewsletter } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';

/**
 * POST /api/v1/newsletter/confirm: the mailed link's token, once; the code is mailed (issue 27).
 * A module of its own: the footer's form, on every first load, never confirms.
 */
export function useConfirmNewsletter() {
  return useMutation({
    mutationFn: (token: string) => apiCall(confirmNewsletter, { body: { token } }),
  });
}
