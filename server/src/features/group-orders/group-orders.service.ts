import {
  type CreateGroupOrderBody,
  customisedUnitPrice,
  GROUP_CLOSED_MESSAGE,
  GROUP_CLOSES_IN_PAST_MESSAGE,
  GROUP_CLOSES_TOO_LATE_MESSAGE,
  GROUP_EACH_PAYS_NOT_OPEN_MESSAGE,
  GROUP_ENTRY_NOT_FOUND_MESSAGE,
  GROUP_FULL_MESSAGE,
  GROUP_NOT_FOUND_MESSAGE,
  GROUP_ORDER_LIMITS,
  GROUP_SIZE_NOT_OFFERED_MESSAGE,
  type GroupEntry,
  type GroupEntryBody,
  type GroupOrder,
  isSize,
  type JoinedGroupOrder,
  personalisationProblem,
  type Size,
  TOO_MANY_OPEN_GROUPS_MESSAGE,
  type UpdateGroupEntryBody,
  type UpdateGroupOrderBody,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { GroupOrderEntryRow, GroupOrderRow } from '#server/db/schema/group-orders.ts';
import type { CartService } from '#server/features/cart/cart.service.ts';
import {
  type CatalogueService,
  toCustomisation,
} from '#server/features/catalogue/catalogue.service.ts';
import {
  type DesignsService,
  PRODUCT_NOT_FOUND,
} from '#server/features/designs/designs.service.ts';
import type { MailService } from '#server/features/mail/mail.service.ts';
import { badRequest, conflict, forbidden, notFound } from '#server/lib/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import { groupOrderUrl, sizeTotalsOf, toGroupEntry, toGroupOrder } from './group-orders.mapper.ts';
import {
  claimDueGroupOrder,
  claimDueReminders,
  closeGroupOrder,
  countEntries,
  countOpenGroupOrders,
  deleteEntry,
  findEntries,
  findEntry,
  findGroupOrder,
  type GroupOrderEntryChanges,
  type GroupOrderWithOrganiser,
  insertEntry,
  insertGroupOrder,
  markGroupOrdered,
  updateDeadline,
  updateEntry,
} from './group-orders.repository.ts';

export const ONLY_ORGANISER_MESSAGE = 'Only the organiser of this group order can do that';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export interface GroupOrdersDependencies {
  catalogue: Pick<CatalogueService, 'findProduct' | 'findProductDetails'>;
  designs: Pick<DesignsService, 'checkDesign' | 'getSavedDesign'>;
  cart: Pick<CartService, 'addGroupPieces'>;
  mail: Pick<MailService, 'groupJoined' | 'groupClosingSoon' | 'groupClosed'>;
  publicUrl: string;
  /** The time now; tests move it. */
  clock?: () => Date;
}

/** Who asks to change an entry: a signed-in user (maybe the organiser) and the member's token. */
export interface EntryCaller {
  userId: string | undefined;
  entryToken: string | undefined;
}

/** What a closing or a sweep did, for the log and the tests. */
export interface GroupSweepRound {
  closed: number;
  reminded: number;
}

export function createGroupOrdersService(db: Database, dependencies: GroupOrdersDependencies) {
  const { catalogue, designs, cart, mail, publicUrl } = dependencies;
  const now = dependencies.clock ?? (() => new Date());

  function checkDeadline(closesAt: string): Date {
    const at = new Date(closesAt);
    if (at.getTime() <= now().getTime()) {
      throw badRequest(GROUP_CLOSES_IN_PAST_MESSAGE, [
        { field: 'closesAt', message: GROUP_CLOSES_IN_PAST_MESSAGE },
      ]);
    }
    if (at.getTime() > now().getTime() + GROUP_ORDER_LIMITS.closesWithinDays * DAY_MS) {
      throw badRequest(GROUP_CLOSES_TOO_LATE_MESSAGE, [
        { field: 'closesAt', message: GROUP_CLOSES_TOO_LATE_MESSAGE },
      ]);
    }
    return at;
  }

  /** The group's product on sale and the sizes it has (with stock or not). */
  async function productOf(executor: Database, group: GroupOrderRow) {
    const product = await catalogue.findProduct(executor, group.productId);
    if (!product) throw notFound(GROUP_NOT_FOUND_MESSAGE);
    const { stock } = await catalogue.findProductDetails(executor, [product.id]);
    const sizes = stock.map((line) => line.size).filter(isSize);
    return { product, sizes };
  }

  async function groupOf(executor: Database, token: string, forUpdate = false) {
    const found = await findGroupOrder(executor, token, { forUpdate });
    if (!found) throw notFound(GROUP_NOT_FOUND_MESSAGE);
    return found;
  }

  /** Entries change only while the group is open and its deadline has not passed. */
  function ensureOpen(group: GroupOrderRow) {
    if (group.status !== 'open' || group.closesAt.getTime() <= now().getTime()) {
      throw conflict(GROUP_CLOSED_MESSAGE);
    }
  }

  function ensureOrganiser(group: GroupOrderRow, userId: string | undefined) {
    if (group.organiserId !== userId) throw forbidden(ONLY_ORGANISER_MESSAGE);
  }

  async function view(
    executor: Database,
    found: GroupOrderWithOrganiser,
    userId: string | undefined,
  ): Promise<GroupOrder> {
    const { product, sizes } = await productOf(executor, found.group);
    const entries = await findEntries(executor, found.group.id);
    return toGroupOrder(found, entries, {
      publicUrl,
      product: {
        _id: product.id,
        title: product.title,
        color: { name: product.colorName, hex: product.colorHex },
        sizes,
        printAreas: product.printAreas,
        priceBreaks: product.priceBreaks,
      },
      unitPrice: customisedUnitPrice(
        product.pricePaise / 100,
        toCustomisation(product),
        found.group.design,
      ),
      isOrganiser: found.group.organiserId === userId,
    });
  }

  /** The size, name and number of an entry, checked against its group. */
  function checkedPiece(
    group: GroupOrderRow,
    sizes: Size[],
    piece: Pick<GroupEntryBody, 'size' | 'playerName' | 'number'>,
  ) {
    if (!sizes.includes(piece.size)) {
      throw badRequest(GROUP_SIZE_NOT_OFFERED_MESSAGE, [
        { field: 'size', message: GROUP_SIZE_NOT_OFFERED_MESSAGE },
      ]);
    }
    if (!group.personalise) return { size: piece.size, playerName: null, number: null };
    const playerName = piece.playerName ?? '';
    const number = piece.number ?? null;
    const problem = personalisationProblem(playerName, number);
    if (problem) throw badRequest(problem, [{ field: 'playerName', message: problem }]);
    return { size: piece.size, playerName: playerName || null, number };
  }

  /** The entry a caller may change: its member (by the token of their link) or the organiser. */
  async function entryFor(
    tx: Database,
    group: GroupOrderRow,
    entryId: string,
    caller: EntryCaller,
  ): Promise<GroupOrderEntryRow> {
    const entry = isUuid(entryId) ? await findEntry(tx, group.id, entryId) : undefined;
    const isMember =
      entry !== undefined &&
      caller.entryToken !== undefined &&
      hashToken(caller.entryToken) === entry.entryTokenHash;
    const isOrganiser = caller.userId !== undefined && caller.userId === group.organiserId;
    if (!entry || !(isMember || isOrganiser)) throw notFound(GROUP_ENTRY_NOT_FOUND_MESSAGE);
    return entry;
  }

  const mailFacts = (found: GroupOrderWithOrganiser, productTitle: string) => ({
    productTitle,
    organiserName: found.organiser.name,
    closesAt: found.group.closesAt,
    url: groupOrderUrl(publicUrl, found.group.token),
  });

  /** Distinct members to write to (one email per address), the organiser left out. */
  function membersOf(found: GroupOrderWithOrganiser, entries: GroupOrderEntryRow[]) {
    const seen = new Set([found.organiser.email.toLowerCase()]);
    return entries.flatMap((entry) => {
      if (seen.has(entry.email)) return [];
      seen.add(entry.email);
      return [{ name: entry.name, email: entry.email }];
    });
  }

  /**
   * Closes a locked, open group in the caller's transaction: its pieces go to
   * the organiser's cart and everyone hears. False when another caller closed it first.
   */
  async function closeLocked(tx: Database, found: GroupOrderWithOrganiser): Promise<boolean> {
    const closed = await closeGroupOrder(tx, found.group.id, now());
    if (!closed) return false;
    const entries = await findEntries(tx, closed.id);
    if (closed.payer === 'organiser' && entries.length > 0) {
      await cart.addGroupPieces(tx, closed.organiserId, {
        groupOrderId: closed.id,
        productId: closed.productId,
        design: closed.design,
        imageIds: closed.imageIds,
        pieces: entries.map((entry) => ({
          size: entry.size,
          personalisation:
            closed.personalise && (entry.playerName || entry.number !== null)
              ? { name: entry.playerName ?? '', number: entry.number }
              : null,
        })),
      });
    }
    const product = await catalogue.findProduct(tx, closed.productId);
    const totals = Object.entries(sizeTotalsOf(entries)).map(([size, pieces]): [string, string] => [
      size,
      String(pieces),
    ]);
    await mail.groupClosed(
      tx,
      found.organiser,
      membersOf(found, entries),
      mailFacts(found, product?.title ?? 'your design'),
      totals,
    );
    return true;
  }

  return {
    async createGroupOrder(
      userId: string,
      body: CreateGroupOrderBody,
    ): Promise<{ token: string; url: string }> {
      if (body.payer === 'each') {
        throw badRequest(GROUP_EACH_PAYS_NOT_OPEN_MESSAGE, [
          { field: 'payer', message: GROUP_EACH_PAYS_NOT_OPEN_MESSAGE },
        ]);
      }
      const closesAt = checkDeadline(body.closesAt);
      const saved = await designs.getSavedDesign(userId, body.designId);
      const token = newToken();
      await db.transaction(async (tx) => {
        const product = isUuid(body.productId)
          ? await catalogue.findProduct(tx, body.productId)
          : undefined;
        if (!product) {
          throw badRequest(PRODUCT_NOT_FOUND, [{ field: 'productId', message: PRODUCT_NOT_FOUND }]);
        }
        const imageIds = await designs.checkDesign(tx, product, saved.design);
        if ((await countOpenGroupOrders(tx, userId)) >= GROUP_ORDER_LIMITS.openPerOrganiser) {
          throw conflict(TOO_MANY_OPEN_GROUPS_MESSAGE);
        }
        await insertGroupOrder(tx, {
          token,
          organiserId: userId,
          productId: product.id,
          design: saved.design,
          imageIds,
          closesAt,
          payer: body.payer,
          personalise: body.personalise,
        });
      });
      return { token, url: groupOrderUrl(publicUrl, token) };
    },

    async getGroupOrder(token: string, userId: string | undefined): Promise<GroupOrder> {
      return view(db, await groupOf(db, token), userId);
    },

    /** A new deadline for an open group (organiser only); the closing-soon email may go again. */
    async updateGroupOrder(
      userId: string,
      token: string,
      body: UpdateGroupOrderBody,
    ): Promise<GroupOrder> {
      const closesAt = checkDeadline(body.closesAt);
      await db.transaction(async (tx) => {
        const { group } = await groupOf(tx, token, true);
        ensureOrganiser(group, userId);
        if (group.status !== 'open') throw conflict(GROUP_CLOSED_MESSAGE);
        await updateDeadline(tx, group.id, closesAt);
      });
      return view(db, await groupOf(db, token), userId);
    },

    /** 'Close now' (organiser only): 409 when it is closed already. */
    async closeGroupOrder(userId: string, token: string): Promise<GroupOrder> {
      await db.transaction(async (tx) => {
        const found = await groupOf(tx, token, true);
        ensureOrganiser(found.group, userId);
        if (!(await closeLocked(tx, found))) throw conflict(GROUP_CLOSED_MESSAGE);
      });
      return view(db, await groupOf(db, token), userId);
    },

    async joinGroupOrder(token: string, body: GroupEntryBody): Promise<JoinedGroupOrder> {
      const entryToken = newToken();
      const entry = await db.transaction(async (tx) => {
        // Locked: joins and the close of one group take turns, so none slips in after closing.
        const found = await groupOf(tx, token, true);
        ensureOpen(found.group);
        const { product, sizes } = await productOf(tx, found.group);
        const piece = checkedPiece(found.group, sizes, body);
        if ((await countEntries(tx, found.group.id)) >= GROUP_ORDER_LIMITS.entries) {
          throw conflict(GROUP_FULL_MESSAGE);
        }
        const row = await insertEntry(tx, {
          groupOrderId: found.group.id,
          name: body.name,
          email: body.email,
          ...piece,
          entryTokenHash: hashToken(entryToken),
        });
        const editUrl = `${groupOrderUrl(publicUrl, token)}?${new URLSearchParams({ entry: row.id, token: entryToken })}`;
        await mail.groupJoined(
          tx,
          { name: row.name, email: row.email },
          mailFacts(found, product.title),
          piece,
          editUrl,
        );
        return row;
      });
      return { entry: toGroupEntry(entry), entryToken };
    },

    async updateGroupEntry(
      token: string,
      entryId: string,
      caller: EntryCaller,
      body: UpdateGroupEntryBody,
    ): Promise<GroupEntry> {
      const row = await db.transaction(async (tx) => {
        const { group } = await groupOf(tx, token, true);
        const entry = await entryFor(tx, group, entryId, caller);
        ensureOpen(group);
        const { sizes } = await productOf(tx, group);
        const piece = checkedPiece(group, sizes, {
          size: body.size ?? entry.size,
          playerName: body.playerName ?? entry.playerName ?? undefined,
          number: body.number === undefined ? entry.number : body.number,
        });
        const changes: GroupOrderEntryChanges = { ...piece };
        if (body.name !== undefined) changes.name = body.name;
        if (body.email !== undefined) changes.email = body.email;
        return updateEntry(tx, entry.id, changes);
      });
      if (!row) throw notFound(GROUP_ENTRY_NOT_FOUND_MESSAGE);
      return toGroupEntry(row);
    },

    async deleteGroupEntry(token: string, entryId: string, caller: EntryCaller): Promise<void> {
      await db.transaction(async (tx) => {
        const { group } = await groupOf(tx, token, true);
        const entry = await entryFor(tx, group, entryId, caller);
        ensureOpen(group);
        await deleteEntry(tx, entry.id);
      });
    },

    /**
     * One round of the sweep every process runs: closes each open group past
     * its deadline (one transaction each; SKIP LOCKED and the UPDATE … WHERE
     * status = 'open' make each close once across processes), then sends the
     * closing-soon emails that are due.
     */
    async sweep(): Promise<GroupSweepRound> {
      let closed = 0;
      for (;;) {
        const closedOne = await db.transaction(async (tx) => {
          const found = await claimDueGroupOrder(tx, now());
          return found ? (await closeLocked(tx, found)) || 'skipped' : false;
        });
        if (closedOne === false) break;
        if (closedOne === true) closed += 1;
      }
      const reminded = await db.transaction(async (tx) => {
        const at = now();
        const due = await claimDueReminders(
          tx,
          at,
          new Date(at.getTime() + GROUP_ORDER_LIMITS.reminderHoursBefore * HOUR_MS),
        );
        for (const group of due) {
          const found = await findGroupOrder(tx, group.token);
          const product = await catalogue.findProduct(tx, group.productId);
          if (!found) continue;
          const entries = await findEntries(tx, group.id);
          await mail.groupClosingSoon(
            tx,
            [found.organiser, ...membersOf(found, entries)],
            mailFacts(found, product?.title ?? 'your design'),
          );
        }
        return due.length;
      });
      return { closed, reminded };
    },

    /** Checkout placed an order holding these groups' lines: the groups are ordered and paid. */
    groupsOrdered: (tx: Database, groupOrderIds: string[], orderId: string) =>
      markGroupOrdered(tx, groupOrderIds, orderId),
  };
}

export type GroupOrdersService = ReturnType<typeof createGroupOrdersService>;
