import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { EmailSchema, NameSchema, requiredText } from './fields.ts';

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

export const subscribeNewsletter = defineEndpoint({
  name: 'subscribeNewsletter',
  method: 'POST',
  path: '/newsletter',
  tag: 'messages',
  summary: 'Subscribe an email to the newsletter; subscribing twice is fine (D22)',
  auth: 'none',
  body: NewsletterBodySchema,
  result: z.null(),
});
