import { useMutation } from '@tanstack/react-query';
import {
  confirmNewsletter as confirmNewsletterEndpoint,
  type NewsletterBody,
  subscribeNewsletter as subscribeNewsletterEndpoint,
} from '#contract';
import { apiCall } from '#web/lib/api-client.ts';

/** The rule the form checks the email with before sending (the server checks it again). */
export { NewsletterBodySchema } from '#contract';

/** POST /api/v1/newsletter: stores the email; subscribing twice is fine (D22). */
export function subscribeNewsletter(body: NewsletterBody) {
  return apiCall(subscribeNewsletterEndpoint, { body });
}

/** POST /api/v1/newsletter/confirm: the mailed link's token, once; the code is mailed (issue 27). */
export function useConfirmNewsletter() {
  return useMutation({
    mutationFn: (token: string) => apiCall(confirmNewsletterEndpoint, { body: { token } }),
  });
}
