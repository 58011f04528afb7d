import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ConfirmEmailChangeBody,
  confirmEmailChange as confirmEmailChangeEndpoint,
} from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { profileKeys } from '#web/lib/query-keys.ts';

/** POST /api/v1/user/email-change/confirm: the link mailed to the new address (issue 23). */
export function confirmEmailChange(body: ConfirmEmailChangeBody) {
  return apiCall(confirmEmailChangeEndpoint, { body });
}

/** Confirms the new email; a cached profile is read again, as its email changed. */
export function useConfirmEmailChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.detail }),
  });
}
