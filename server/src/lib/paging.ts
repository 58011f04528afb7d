/** A page asked for: 1-based page number and page size (the contract's PageQuerySchema). */
export interface PageRequest {
  page: number;
  limit: number;
}

/** How many pages `total` items fill, `limit` to a page. */
export const pageCount = (total: number, limit: number): number => Math.ceil(total / limit);

/** The rows a page covers, as a repository's offset and limit. */
export const pageWindow = (query: PageRequest) => ({
  offset: (query.page - 1) * query.limit,
  limit: query.limit,
});

/** One page of a list as the contract's `pageOf` shapes it. */
export const pageResult = <Item>(results: Item[], total: number, query: PageRequest) => ({
  results,
  total,
  page: query.page,
  pages: pageCount(total, query.limit),
  limit: query.limit,
});
