import type { FastifyInstance } from 'fastify';
import {
  addCatalogueListEntry,
  type CatalogueList,
  getCatalogueLists,
  isCatalogueList,
  LIST_NOT_FOUND,
  listAdminStyles,
  mergeCatalogueListEntry,
  renameCatalogueListEntry,
} from '#contract';
import { notFound } from '#server/lib/app-error.ts';
import { route } from '#server/lib/route.ts';
import type { CatalogueListsService } from './catalogue-lists.service.ts';

/** The list a path names; any other is a 404, as an entry not there. */
function listOf(list: string): CatalogueList {
  if (!isCatalogueList(list)) throw notFound(LIST_NOT_FOUND);
  return list;
}

/** The owner's categories, genders and styles (issue 27): route() answers 401/403 to everyone but an admin. */
export function catalogueListsRoutes(lists: CatalogueListsService) {
  return async (app: FastifyInstance) => {
    route(app, getCatalogueLists, () => lists.getLists());
    route(
      app,
      addCatalogueListEntry,
      ({ params, body }) => lists.addEntry(listOf(params.list), body.name),
      {
        status: 201,
      },
    );
    route(app, renameCatalogueListEntry, ({ params, body }) =>
      lists.renameEntry(listOf(params.list), params.id, body.name),
    );
    route(app, mergeCatalogueListEntry, ({ params, body }) =>
      lists.mergeEntry(listOf(params.list), params.id, body.into),
    );
    route(app, listAdminStyles, ({ query }) => lists.listStyles(query));
  };
}
