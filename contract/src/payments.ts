import { z } from 'zod';
import { IdParamsSchema, IdSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/** A card saved at checkout, as its owner sees it: never its number (D12, issue 13). */
export const SavedCardSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type SavedCard = z.infer<typeof SavedCardSchema>;

export const SAVED_CARD_NOT_FOUND = 'Saved card not found';

export const listSavedCards = defineEndpoint({
  name: 'listSavedCards',
  method: 'GET',
  path: '/payment/cards',
  tag: 'payments',
  summary: "The signed-in shopper's saved cards, newest first",
  auth: 'user',
  result: z.array(SavedCardSchema),
});

export const deleteSavedCard = defineEndpoint({
  name: 'deleteSavedCard',
  method: 'DELETE',
  path: '/payment/cards/:id',
  tag: 'payments',
  summary: 'Remove a saved card; another shopper’s card is not found',
  auth: 'user',
  params: IdParamsSchema,
  result: z.null(),
});
