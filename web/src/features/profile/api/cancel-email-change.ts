import { useMutation } from '@tanstack/react-query';
import {
  type CancelEmailChangeBody,
  cancelEmailChange as cancelEmailChangeEndpoint,
} from '#contract';
import { apiCall } from '#web/lib/api-client.ts';

/** POST /api/v1/user/email-change/cancel: 'this was not me', from the old address (issue 23). */
export function cancelEmailChange(body: CancelEmailChangeBody) {
  return apiCall(cancelEmailChangeEndpoint, { body });
}

export function useCancelEmailChange() {
  return useMutation({ mutationFn: cancelEmailChange });
}
