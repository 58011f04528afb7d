import type { FastifyInstance } from 'fastify';
import {
  addCatalogueListEntry,
  getCatalogueLists,
  listAdminStyles,
  mergeCatalogueListEntry,
  renameCatalogueListEntry,
} from '#contract';
import { route } from '#server/lib/route.ts';
import type { CatalogueListsService } from './catalogue-lists.service.ts';

/** The owner's categories, genders and styles (issue 27): route() answers 401/403 to everyone but an admin. */
export function catalogueListsRoutes(lists: CatalogueListsService) {
  return async (app: FastifyInstance) => {
    route(app, getCatalogueLists, () => lists.getLists());
    route(
      app,
      addCatalogueListEntry,
      ({ params, body }) => lists.addEntry(params.list, body.name),
      {
        status: 201,
      },
    );
    route(app, renameCatalogueListEntry, ({ params, body }) =>
      lists.renameEntry(params.list, params.id, body.name),
    );
    route(app, mergeCatalogueListEntry, ({ params, body }) =>
      lists.mergeEntry(params.list, params.id, body.into),
    );
    route(app, listAdminStyles, ({ query }) => lists.listStyles(query));
  };
}
