import { type ContactBody, sendContactMessage as sendContactMessageEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';

/** POST /api/v1/contact: stores the shopper's message for the shop (D22). */
export function sendContactMessage(body: ContactBody) {
  return apiCall(sendContactMessageEndpoint, { body });
}
