import { z } from 'zod';
import { IdSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { requiredText } from './fields.ts';
import { textSchema } from './text.ts';

/**
 * The owner's managed lists of product data (issue 27, decision 047): the
 * categories and genders a product takes, picked from in the product form,
 * renamed or merged in one place; and the styles a new colour joins, found by
 * name.
 */

export const CATALOGUE_LISTS = ['category', 'gender'] as const;
export type CatalogueList = (typeof CATALOGUE_LISTS)[number];

/** What the owner's screens call each list. */
export const CATALOGUE_LIST_LABELS: Record<CatalogueList, { one: string; many: string }> = {
  category: { one: 'Category', many: 'Categories' },
  gender: { one: 'Gender', many: 'Genders' },
};

/** A name as the shop's filters take it: up to 60 characters, as a product's category and gender. */
export const LIST_NAME_MAX = 60;

export const ListEntrySchema = z.object({
  _id: IdSchema,
  name: z.string(),
  /** The products (archived ones too) that have it. */
  products: z.number().int().nonnegative(),
});
export type ListEntry = z.infer<typeof ListEntrySchema>;

export const CatalogueListsSchema = z.object({
  categories: z.array(ListEntrySchema),
  genders: z.array(ListEntrySchema),
});
export type CatalogueLists = z.infer<typeof CatalogueListsSchema>;

/** Which list: `category` or `gender` (another is a 404, as an unknown entry). */
const ListParamsSchema = z.object({ list: textSchema('The list').max(64) });

export const isCatalogueList = (list: string): list is CatalogueList =>
  (CATALOGUE_LISTS as readonly string[]).includes(list);
const ListEntryParamsSchema = ListParamsSchema.extend({ id: textSchema('The id').max(64) });

export const ListEntryBodySchema = z.object({ name: requiredText('Name', LIST_NAME_MAX) });
export type ListEntryBody = z.infer<typeof ListEntryBodySchema>;

export const MergeListEntryBodySchema = z.object({
  /** The entry that stays: the merged one's products take its name, and the merged one goes. */
  into: IdSchema,
});
export type MergeListEntryBody = z.infer<typeof MergeListEntryBodySchema>;

export const MergeListEntryResultSchema = z.object({
  entry: ListEntrySchema,
  /** How many products moved to it. */
  moved: z.number().int().nonnegative(),
});
export type MergeListEntryResult = z.infer<typeof MergeListEntryResultSchema>;

/** Messages the owner reads (written once: the server answers them, the web tests look for them). */
export const listEntryTaken = (list: CatalogueList, name: string) =>
  `${CATALOGUE_LIST_LABELS[list].one} '${name}' is already in the list: merge into it instead`;
export const LIST_ENTRY_NOT_FOUND = 'There is no such entry in the list';
export const LIST_NOT_FOUND = `There is no such list: ${CATALOGUE_LISTS.join(' or ')}`;
export const MERGE_INTO_ITSELF = 'Choose another entry to merge into';

export const getCatalogueLists = defineEndpoint({
  name: 'getCatalogueLists',
  method: 'GET',
  path: '/admin/catalogue-lists',
  tag: 'admin',
  summary: 'The categories and genders products take, by name, with how many products have each',
  auth: 'admin',
  result: CatalogueListsSchema,
});

export const addCatalogueListEntry = defineEndpoint({
  name: 'addCatalogueListEntry',
  method: 'POST',
  path: '/admin/catalogue-lists/:list',
  tag: 'admin',
  summary: 'Add a category or gender (a name already listed in any case is a 409)',
  auth: 'admin',
  params: ListParamsSchema,
  body: ListEntryBodySchema,
  result: ListEntrySchema,
});

export const renameCatalogueListEntry = defineEndpoint({
  name: 'renameCatalogueListEntry',
  method: 'PUT',
  path: '/admin/catalogue-lists/:list/:id',
  tag: 'admin',
  summary: 'Rename a category or gender; its products, the filters and the facets follow at once',
  auth: 'admin',
  params: ListEntryParamsSchema,
  body: ListEntryBodySchema,
  result: ListEntrySchema,
});

export const mergeCatalogueListEntry = defineEndpoint({
  name: 'mergeCatalogueListEntry',
  method: 'POST',
  path: '/admin/catalogue-lists/:list/:id/merge',
  tag: 'admin',
  summary: 'Merge a category or gender into another: its products take that name, and it goes',
  auth: 'admin',
  params: ListEntryParamsSchema,
  body: MergeListEntryBodySchema,
  result: MergeListEntryResultSchema,
});

/** Styles a search lists for the product form's style picker. */
export const STYLE_SEARCH_LIMIT = 20;

export const AdminStyleSchema = z.object({
  styleId: IdSchema,
  /** The title of its first colour. */
  title: z.string(),
  /** Its colours, first added first, archived ones too. */
  colors: z.array(z.object({ productId: IdSchema, name: z.string(), hex: z.string() })),
});
export type AdminStyle = z.infer<typeof AdminStyleSchema>;

export const ListAdminStylesQuerySchema = z.object({
  /** Words of a product's title (any case); empty: the newest styles. */
  search: textSchema('search')
    .trim()
    .max(100, 'search must be at most 100 characters')
    .optional()
    .default(''),
});
export type ListAdminStylesQuery = z.infer<typeof ListAdminStylesQuerySchema>;

export const listAdminStyles = defineEndpoint({
  name: 'listAdminStyles',
  method: 'GET',
  path: '/admin/styles',
  tag: 'admin',
  summary: `Styles whose title contains the search (at most ${STYLE_SEARCH_LIMIT}), with their colours: a new colour joins one`,
  auth: 'admin',
  query: ListAdminStylesQuerySchema,
  result: z.array(AdminStyleSchema),
});
