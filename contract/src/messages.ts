import { z } from 'zod';
import { IdParamsSchema, IdSchema, PageQuerySchema, pageOf, queryFlag } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { EmailSchema, linkTokenBodySchema, NameSchema, requiredText } from './fields.ts';

export const ContactBodySchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  message: requiredText('Message', 5000, { multiLine: true }),
});
export type ContactBody = z.infer<typeof ContactBodySchema>;

export const NewsletterBodySchema = z.object({ email: EmailSchema });
export type NewsletterBody = z.infer<typeof NewsletterBodySchema>;

export const sendContactMessage = defineEndpoint({
  name: 'sendContactMessage',
  method: 'POST',
  path: '/contact',
  tag: 'messages',
  summary: 'Send the shop a message (D22)',
  auth: 'none',
  body: ContactBodySchema,
  result: z.null(),
});

/**
 * The home page's promise, 'Subscribe & Get 20% Off' (issue 27): a confirmed
 * subscription is mailed a single-use code for this percentage.
 */
export const NEWSLETTER_DISCOUNT_PERCENT = 20;
export const NEWSLETTER_LINK_INVALID =
  'This link is not valid or was already used. Subscribe again from the home page.';

export const ConfirmNewsletterBodySchema = linkTokenBodySchema(NEWSLETTER_LINK_INVALID);
export type ConfirmNewsletterBody = z.infer<typeof ConfirmNewsletterBodySchema>;

export const subscribeNewsletter = defineEndpoint({
  name: 'subscribeNewsletter',
  method: 'POST',
  path: '/newsletter',
  tag: 'messages',
  summary:
    'Subscribe an email to the newsletter: a new email is mailed a link to confirm; subscribing twice is fine (D22)',
  auth: 'none',
  body: NewsletterBodySchema,
  result: z.null(),
});

export const confirmNewsletter = defineEndpoint({
  name: 'confirmNewsletter',
  method: 'POST',
  path: '/newsletter/confirm',
  tag: 'messages',
  summary:
    "Confirm a subscription with its mailed link's token (once); mails a single-use discount code",
  auth: 'none',
  body: ConfirmNewsletterBodySchema,
  result: z.null(),
});

// ---------------------------------------------------------------- the owner's messages (D25)
// Under /api/v1/admin: 401 without a live session, 403 for anyone but an admin.

export const ContactMessageSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  email: z.string(),
  message: z.string(),
  handled: z.boolean(),
  handledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const ContactMessagePageSchema = pageOf(ContactMessageSchema);

export const ListContactMessagesQuerySchema = PageQuerySchema.extend({
  /** Without it: every message; `false`: the ones still to answer. */
  handled: queryFlag('handled'),
});
export type ListContactMessagesQuery = z.infer<typeof ListContactMessagesQuerySchema>;

export const SetMessageHandledBodySchema = z.object({
  handled: z.boolean({ error: 'handled must be true or false' }),
});
export type SetMessageHandledBody = z.infer<typeof SetMessageHandledBodySchema>;

export const NewsletterSubscriberSchema = z.object({
  _id: IdSchema,
  email: z.string(),
  createdAt: z.string(),
});
export type NewsletterSubscriber = z.infer<typeof NewsletterSubscriberSchema>;

export const NewsletterSubscriberPageSchema = pageOf(NewsletterSubscriberSchema);

export const listContactMessages = defineEndpoint({
  name: 'listContactMessages',
  method: 'GET',
  path: '/admin/messages',
  tag: 'admin',
  summary: 'Contact messages, newest first, with whether each is handled',
  auth: 'admin',
  query: ListContactMessagesQuerySchema,
  result: ContactMessagePageSchema,
});

export const setContactMessageHandled = defineEndpoint({
  name: 'setContactMessageHandled',
  method: 'POST',
  path: '/admin/messages/:id/handled',
  tag: 'admin',
  summary: 'Mark a contact message handled, or not handled again',
  auth: 'admin',
  params: IdParamsSchema,
  body: SetMessageHandledBodySchema,
  result: ContactMessageSchema,
});

export const listNewsletterSubscribers = defineEndpoint({
  name: 'listNewsletterSubscribers',
  method: 'GET',
  path: '/admin/newsletter',
  tag: 'admin',
  summary: 'Newsletter subscribers, newest first',
  auth: 'admin',
  query: PageQuerySchema,
  result: NewsletterSubscriberPageSchema,
});

export const NEWSLETTER_CSV_COLUMNS = ['email', 'subscribed_at'] as const;

export const exportNewsletterSubscribers = defineEndpoint({
  name: 'exportNewsletterSubscribers',
  method: 'GET',
  path: '/admin/newsletter.csv',
  tag: 'admin',
  summary:
    'Every newsletter subscriber as a CSV download (columns email, subscribed_at), oldest first',
  auth: 'admin',
  produces: 'text/csv',
  // The answer is the file itself, not the JSON envelope.
  result: z.string(),
});
