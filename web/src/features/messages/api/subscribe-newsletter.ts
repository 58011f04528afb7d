import { type NewsletterBody, subscribeNewsletter as subscribeNewsletterEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';

/** The rule the form checks the email with before sending (the server checks it again). */
export { NewsletterBodySchema } from '#contract';

/** POST /api/v1/newsletter: stores the email; subscribing twice is fine (D22). */
export function subscribeNewsletter(body: NewsletterBody) {
  return apiCall(subscribeNewsletterEndpoint, { body });
}
