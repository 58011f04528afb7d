import { z } from 'zod';
import { ProductSchema } from './catalogue.ts';
import { IdParamsSchema } from './common.ts';
import { DesignSchema } from './design.ts';
import { defineEndpoint } from './endpoint.ts';
import { textSchema } from './text.ts';

/**
 * A saved design shared by a read-only link `/d/{token}` (issue 29,
 * decision 058): anyone with the link sees it on its garment and may
 * customise a copy; the owner stops sharing and the link answers 404.
 */

/** The link's token: 32 random bytes in base64url (43 characters). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const SHARED_DESIGN_NOT_FOUND = 'This design is not shared, or its link has been stopped';

/** The page of a shared design, `/d/{token}`, and its Open Graph picture. */
export const sharedDesignPath = (token: string) => `/d/${encodeURIComponent(token)}`;
export const sharedDesignImagePath = (token: string) => `${sharedDesignPath(token)}/image.png`;

export const ShareDesignResultSchema = z.object({
  /** The link to hand out, on the shop's public address. */
  url: z.string(),
});
export type ShareDesignResult = z.infer<typeof ShareDesignResultSchema>;

export const SharedDesignParamsSchema = z.object({
  token: textSchema('The token').max(64),
});

export const SharedDesignSchema = z.object({
  token: z.string(),
  name: z.string(),
  design: DesignSchema,
  /** The product it was designed on, as the catalogue answers it. */
  product: ProductSchema,
});
export type SharedDesign = z.infer<typeof SharedDesignSchema>;

export const shareSavedDesign = defineEndpoint({
  name: 'shareSavedDesign',
  method: 'POST',
  path: '/designs/:id/share',
  tag: 'designs',
  summary:
    'Share one of your saved designs by a read-only link; while it is shared, the same link comes back',
  auth: 'user',
  params: IdParamsSchema,
  result: ShareDesignResultSchema,
});

export const stopSharingSavedDesign = defineEndpoint({
  name: 'stopSharingSavedDesign',
  method: 'DELETE',
  path: '/designs/:id/share',
  tag: 'designs',
  summary: 'Stop sharing a saved design: its link then answers 404 (sharing again makes a new one)',
  auth: 'user',
  params: IdParamsSchema,
  result: z.null(),
});

export const getSharedDesign = defineEndpoint({
  name: 'getSharedDesign',
  method: 'GET',
  path: '/shared-designs/:token',
  tag: 'designs',
  summary: 'A design shared by its link, with its product (404 once sharing stopped)',
  auth: 'none',
  params: SharedDesignParamsSchema,
  result: SharedDesignSchema,
});
