import {
  type CreateGroupOrderBody,
  customisedUnitPrice,
  GROUP_CLOSED_MESSAGE,
  GROUP_CLOSES_IN_PAST_MESSAGE,
  GROUP_CLOSES_TOO_LATE_MESSAGE,
  GROUP_EACH_PAYS_NEEDS_ADDRESS_MESSAGE,
  GROUP_EACH_PAYS_NEEDS_ONLINE_MESSAGE,
  GROUP_ENTRY_NOT_AWAITING_PAYMENT_MESSAGE,
  GROUP_ENTRY_NOT_FOUND_MESSAGE,
  GROUP_FULL_MESSAGE,
  GROUP_NOT_FOUND_MESSAGE,
  GROUP_NOTHING_TO_ORDER_MESSAGE,
  GROUP_ORDER_LIMITS,
  GROUP_REFUND_REASONS,
  GROUP_SIZE_NOT_OFFERED_MESSAGE,
  type GroupEntry,
  type GroupEntryBody,
  type GroupEntryPayment,
  type GroupOrder,
  type GroupPiecesToCart,
  garmentKind,
  groupEntryLinkSearch,
  isSize,
  type JoinedGroupOrder,
  ONLINE_PAYMENTS_OFF_MESSAGE,
  PAYMENT_NOT_CAPTURED_MESSAGE,
  type PayOrderBody,
  type Personalisation,
  personalisationProblem,
  type Size,
  TOO_MANY_OPEN_GROUPS_MESSAGE,
  type UpdateGroupEntryBody,
  type UpdateGroupOrderBody,
  unitPaiseAfterBreak,
  WRONG_PAYMENT_SIGNATURE_MESSAGE,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { ProductRow } from '#server/db/schema/catalogue.ts';
import type {
  GroupDeliveryAddress,
  GroupOrderEntryRow,
  GroupOrderRow,
} from '#server/db/schema/group-orders.ts';
import type { AddressesService } from '#server/features/addresses/addresses.service.ts';
import type { CartService, GroupPieces } from '#server/features/cart/cart.service.ts';
import {
  type CatalogueService,
  toCustomisation,
} from '#server/features/catalogue/catalogue.service.ts';
import {
  type DesignsService,
  PRODUCT_NOT_FOUND,
} from '#server/features/designs/designs.service.ts';
import type { MailService } from '#server/features/mail/mail.service.ts';
import type { RefundSettled } from '#server/features/mail/refund-emails.ts';
import { mediaUrl } from '#server/features/media/media.service.ts';
import type { PlacePaidGroupOrder } from '#server/features/orders/orders.service.ts';
import type { PaymentsService } from '#server/features/payments/payments.service.ts';
import {
  isValidPaymentSignature,
  type RazorpayClient,
  type RazorpayPayment,
} from '#server/features/payments/razorpay.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '#server/lib/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import {
  groupOrderUrl,
  piecesOf,
  sizeTotalsOf,
  toGroupEntry,
  toGroupOrder,
} from './group-orders.mapper.ts';
import {
  claimDueGroupOrder,
  claimDueReminders,
  closeGroupOrder,
  countEntries,
  countOpenGroupOrders,
  countPaidPieces,
  deleteEntry,
  dropEntry,
  dropUnpaidEntries,
  findEntries,
  findEntry,
  findEntryByRazorpayOrderId,
  findGroupOrder,
  findGroupOrderById,
  type GroupOrderEntryChanges,
  type GroupOrderWithOrganiser,
  insertEntry,
  insertGroupOrder,
  lockEntry,
  markEntriesOrdered,
  markEntryPaid,
  releaseEntries,
  setEntryRazorpayOrder,
  updateDeadline,
  updateEntry,
} from './group-orders.repository.ts';

export const ONLY_ORGANISER_MESSAGE = 'Only the organiser of this group order can do that';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export const PAYMENT_NOT_STARTED_MESSAGE =
  'Online payment could not be started just now: please try joining again in a moment.';

/** Razorpay as an 'each pays' group uses it (decision 066): the client and the keys. */
export interface GroupPayments {
  razorpay: RazorpayClient;
  keyId: string;
  keySecret: string;
}

export interface GroupOrdersDependencies {
  catalogue: Pick<CatalogueService, 'findProduct' | 'findProductDetails' | 'takeStockFor'>;
  designs: Pick<DesignsService, 'checkDesign' | 'getSavedDesign'>;
  cart: Pick<CartService, 'addGroupPieces'>;
  addresses: Pick<AddressesService, 'findSelectedAddress' | 'stateCodeOf'>;
  mail: Pick<
    MailService,
    'groupJoined' | 'groupClosingSoon' | 'groupClosed' | 'groupRefunded' | 'refundSettled'
  >;
  /** Members' refunds are refunds like an order's (decision 073): written, sent and settled there. */
  payments: Pick<PaymentsService, 'refundGroupEntry' | 'groupEntriesRefundedPaise' | 'sendRefunds'>;
  /** The order an 'each pays' group becomes at closing (the orders feature writes it). */
  placePaidGroupOrder: PlacePaidGroupOrder;
  /** Razorpay, when the shop has its keys: 'each pays' groups need it. */
  online: GroupPayments | undefined;
  publicUrl: string;
  /** The time now; tests move it. */
  clock?: () => Date;
}

/** What of a payment settling an entry reads: Checkout's answer fetched, or a webhook's. */
type ReportedPayment = Pick<RazorpayPayment, 'id' | 'amount' | 'currency' | 'order_id' | 'status'>;

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
  const {
    catalogue,
    designs,
    cart,
    addresses,
    mail,
    payments,
    placePaidGroupOrder,
    online,
    publicUrl,
  } = dependencies;
  const now = dependencies.clock ?? (() => new Date());

  /** A piece's price before any break: the design's sides and, when personalised, its lettering. */
  const listUnitPaise = (
    product: ProductRow,
    design: GroupOrderRow['design'],
    personalisation: Personalisation | null,
  ) =>
    Math.round(
      customisedUnitPrice(
        product.pricePaise / 100,
        toCustomisation(product),
        design,
        personalisation,
      ) * 100,
    );

  /** What an entry's back says, when the group is personalised and it has a name or number. */
  const personalisationOf = (
    group: GroupOrderRow,
    entry: Pick<GroupOrderEntryRow, 'playerName' | 'number'>,
  ): Personalisation | null =>
    group.personalise && (entry.playerName || entry.number !== null)
      ? { name: entry.playerName ?? '', number: entry.number }
      : null;

  function paymentsOn(): GroupPayments {
    if (!online) throw notFound(ONLINE_PAYMENTS_OFF_MESSAGE);
    return online;
  }

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

  const isOpen = (group: GroupOrderRow) =>
    group.status === 'open' && group.closesAt.getTime() > now().getTime();

  /** Entries change only while the group is open and its deadline has not passed. */
  function ensureOpen(group: GroupOrderRow) {
    if (!isOpen(group)) throw conflict(GROUP_CLOSED_MESSAGE);
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
    const pieces = piecesOf(found.group, entries).length;
    return toGroupOrder(found, entries, {
      publicUrl,
      product: {
        _id: product.id,
        title: product.title,
        color: { name: product.colorName, hex: product.colorHex },
        garment: garmentKind(product.category),
        sizes,
        printAreas: product.printAreas,
        priceBreaks: product.priceBreaks,
      },
      unitPrice: customisedUnitPrice(
        product.pricePaise / 100,
        toCustomisation(product),
        found.group.design,
      ),
      joinPrice:
        found.group.payer === 'each'
          ? unitPaiseAfterBreak(
              listUnitPaise(product, found.group.design, null),
              product.priceBreaks,
              pieces + 1,
            ) / 100
          : null,
      isOrganiser: found.group.organiserId === userId,
      refundedPaise: await payments.groupEntriesRefundedPaise(
        executor,
        entries.map((entry) => entry.id),
      ),
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

  /** Whether the token of a member's link is this entry's. */
  const isMemberOf = (entry: GroupOrderEntryRow, entryToken: string | undefined) =>
    entryToken !== undefined && hashToken(entryToken) === entry.entryTokenHash;

  /** The entry a caller may change: its member (by the token of their link) or the organiser. */
  async function entryFor(
    tx: Database,
    group: GroupOrderRow,
    entryId: string,
    caller: EntryCaller,
  ): Promise<{ entry: GroupOrderEntryRow; byMember: boolean }> {
    const entry = isUuid(entryId) ? await findEntry(tx, group.id, entryId) : undefined;
    const isMember = entry !== undefined && isMemberOf(entry, caller.entryToken);
    const isOrganiser = caller.userId !== undefined && caller.userId === group.organiserId;
    // A dropped entry (left, removed) is refunded and done: nobody changes it again.
    if (!entry || entry.droppedAt !== null || !(isMember || isOrganiser)) {
      throw notFound(GROUP_ENTRY_NOT_FOUND_MESSAGE);
    }
    return { entry, byMember: isMember };
  }

  /**
   * Refunds what is left of a member's payment (all of it, or `amountPaise`),
   * in the caller's transaction, and tells them; sent after the commit by
   * `sendRefunds` (a refund sent from a transaction that rolls back gives money for nothing).
   */
  async function refundEntry(
    tx: Database,
    found: GroupOrderWithOrganiser,
    entry: GroupOrderEntryRow,
    reason: string,
    amountPaise?: number,
  ): Promise<void> {
    const refund = await payments.refundGroupEntry(
      tx,
      { id: entry.id, paidPaise: entry.amountPaise ?? 0 },
      reason,
      amountPaise,
    );
    if (!refund) return;
    const product = await catalogue.findProduct(tx, found.group.productId);
    await mail.groupRefunded(
      tx,
      { name: entry.name, email: entry.email },
      mailFacts(found, product?.title ?? 'your design'),
      { amountPaise: refund.amountPaise, reason },
    );
  }

  /**
   * Settles a member's captured payment, in the caller's transaction with the
   * group locked: it counts while the group is open and before its deadline;
   * after that, it is recorded and refunded in full. Paid once: a second
   * report (the browser and a webhook) changes nothing. 'late' when refunded.
   * The member's entry token (the browser's report has it; a webhook not)
   * puts the edit link in the 'joined' email.
   */
  async function settleEntryPayment(
    tx: Database,
    found: GroupOrderWithOrganiser,
    entryId: string,
    payment: ReportedPayment,
    entryToken?: string,
  ): Promise<'paid' | 'late' | 'unpaid'> {
    const entry = await lockEntry(tx, entryId);
    if (!entry || !paysEntry(entry, payment)) return 'unpaid';
    if (entry.paid) return entry.droppedAt === null ? 'paid' : 'late';
    const { group } = found;
    const late = entry.droppedAt !== null || !isOpen(group);
    const paid = await markEntryPaid(tx, entry.id, {
      reference: payment.id,
      at: now(),
      dropped: late,
    });
    if (!paid) return 'paid';
    if (late) {
      await refundEntry(tx, found, paid, GROUP_REFUND_REASONS.late);
      return 'late';
    }
    const product = await catalogue.findProduct(tx, group.productId);
    await mail.groupJoined(
      tx,
      { name: paid.name, email: paid.email },
      mailFacts(found, product?.title ?? 'your design'),
      paid,
      editUrlOf(group.token, paid.id, entryToken),
      { amountPaise: payment.amount, reference: payment.id },
    );
    return 'paid';
  }

  /** Whether a captured payment pays exactly this entry: its Razorpay order, its amount, in rupees. */
  const paysEntry = (
    entry: GroupOrderEntryRow,
    payment: Pick<RazorpayPayment, 'amount' | 'currency' | 'order_id' | 'status'>,
  ) =>
    payment.status === 'captured' &&
    entry.razorpayOrderId !== null &&
    payment.order_id === entry.razorpayOrderId &&
    payment.amount === entry.amountPaise &&
    payment.currency === 'INR';

  /**
   * Captures a member's authorized payment (manual capture) for their
   * entry's exact amount while the entry awaits it: unpaid, not dropped, the
   * group open. Another capturer winning is no failure. As for orders, one
   * authorized after the close is not captured: Razorpay gives it back.
   */
  async function capturedForEntry<Payment extends ReportedPayment>(
    group: GroupOrderRow,
    entry: GroupOrderEntryRow,
    payment: Payment,
  ): Promise<Payment | RazorpayPayment> {
    const awaiting =
      payment.status === 'authorized' &&
      !entry.paid &&
      entry.droppedAt === null &&
      isOpen(group) &&
      payment.order_id === entry.razorpayOrderId &&
      payment.amount === entry.amountPaise;
    if (!awaiting) return payment;
    const { razorpay } = paymentsOn();
    try {
      return await razorpay.capturePayment(payment.id, payment.amount);
    } catch {
      return razorpay.fetchPayment(payment.id);
    }
  }

  /**
   * The link in the 'joined' email that lets a member change their entry;
   * without the token (it is only ever shown once, hashed since) the page asks nothing more.
   */
  const editUrlOf = (token: string, entryId: string, entryToken: string | undefined) =>
    entryToken === undefined
      ? groupOrderUrl(publicUrl, token)
      : `${groupOrderUrl(publicUrl, token)}?${groupEntryLinkSearch(entryId, entryToken)}`;

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
   * Each pays (decision 066), in the closing transaction: unpaid entries drop
   * out; the paid pieces take their stock as checkout takes it (a size that ran
   * out leaves its latest payers out, refunded in full); each payer gets back
   * what they paid above the group's final price; and the pieces become one
   * order for the organiser, already paid. Answers the order's id (null: no pieces).
   */
  async function orderPaidPieces(
    tx: Database,
    found: GroupOrderWithOrganiser,
    entries: GroupOrderEntryRow[],
  ): Promise<string | null> {
    const { group } = found;
    await dropUnpaidEntries(tx, group.id, now());
    const paid = piecesOf(group, entries).sort(
      (a, b) => (a.paidAt?.getTime() ?? 0) - (b.paidAt?.getTime() ?? 0),
    );
    const product = await catalogue.findProduct(tx, group.productId);
    const { stock, images } = await catalogue.findProductDetails(tx, [group.productId]);
    const left = new Map(stock.map((line) => [line.size, line.stock]));
    const pieces: GroupOrderEntryRow[] = [];
    for (const entry of paid) {
      const inStock = product ? (left.get(entry.size) ?? 0) : 0;
      if (inStock > 0) {
        left.set(entry.size, inStock - 1);
        pieces.push(entry);
      } else {
        await dropEntry(tx, entry.id, now());
        await refundEntry(tx, found, entry, GROUP_REFUND_REASONS.soldOut);
      }
    }
    if (!product || pieces.length === 0 || !group.deliveryAddress) return null;
    const sizes = [...new Set(pieces.map((entry) => entry.size))];
    const shortage = await catalogue.takeStockFor(
      tx,
      sizes.map((size) => ({
        productId: product.id,
        title: product.title,
        size,
        quantity: pieces.filter((entry) => entry.size === size).length,
      })),
    );
    // Stock taken meanwhile by a checkout: the whole close rolls back and the next sweep tries again.
    if (shortage) throw conflict(GROUP_CLOSED_MESSAGE);
    const lines = [];
    for (const entry of pieces) {
      const personalisation = personalisationOf(group, entry);
      const pricePaise = unitPaiseAfterBreak(
        listUnitPaise(product, group.design, personalisation),
        product.priceBreaks,
        pieces.length,
      );
      const difference = (entry.amountPaise ?? 0) - pricePaise;
      if (difference > 0) {
        await refundEntry(tx, found, entry, GROUP_REFUND_REASONS.priceBreak, difference);
      }
      lines.push({
        productId: product.id,
        name: product.title,
        image: images[0] ? mediaUrl(images[0].imageId) : '',
        size: entry.size,
        colorName: product.colorName,
        colorHex: product.colorHex,
        garment: garmentKind(product.category),
        pricePaise,
        design: group.design,
        printAreas: product.printAreas,
        personalisation,
        imageIds: group.imageIds,
      });
    }
    const orderId = await placePaidGroupOrder(tx, {
      organiser: { id: group.organiserId, ...found.organiser },
      address: group.deliveryAddress,
      pieces: lines,
    });
    await markEntriesOrdered(
      tx,
      pieces.map((entry) => entry.id),
      orderId,
    );
    return orderId;
  }

  /** A group's entries as lines of its organiser's cart: one piece each, with the group's design. */
  function piecesForCart(group: GroupOrderRow, entries: GroupOrderEntryRow[]): GroupPieces {
    return {
      productId: group.productId,
      design: group.design,
      imageIds: group.imageIds,
      pieces: entries.map((entry) => ({
        entryId: entry.id,
        size: entry.size,
        personalisation: personalisationOf(group, entry),
      })),
    };
  }

  /**
   * Closes a locked, open group in the caller's transaction: its pieces go to
   * the organiser's cart (organiser pays) or become one paid order (each
   * pays), and everyone hears. False when another caller closed it first.
   */
  async function closeLocked(tx: Database, found: GroupOrderWithOrganiser): Promise<boolean> {
    const closed = await closeGroupOrder(tx, found.group.id, now());
    if (!closed) return false;
    const entries = await findEntries(tx, closed.id);
    let orderId: string | null = null;
    if (closed.payer === 'each') {
      orderId = await orderPaidPieces(tx, { ...found, group: closed }, entries);
    } else if (entries.length > 0) {
      await cart.addGroupPieces(tx, closed.organiserId, piecesForCart(closed, entries));
    }
    const pieces = piecesOf(closed, await findEntries(tx, closed.id));
    const product = await catalogue.findProduct(tx, closed.productId);
    const totals = Object.entries(sizeTotalsOf(pieces)).map(([size, count]): [string, string] => [
      size,
      String(count),
    ]);
    await mail.groupClosed(
      tx,
      found.organiser,
      membersOf(found, pieces),
      mailFacts(found, product?.title ?? 'your design'),
      totals,
      orderId,
    );
    return true;
  }

  /** Where an 'each pays' group's order goes: the organiser's selected address, kept as an order keeps it. */
  async function deliveryAddressOf(tx: Database, userId: string): Promise<GroupDeliveryAddress> {
    const address = await addresses.findSelectedAddress(tx, userId);
    const stateCode = address ? addresses.stateCodeOf(address) : null;
    if (!address || stateCode === null) {
      throw badRequest(GROUP_EACH_PAYS_NEEDS_ADDRESS_MESSAGE, [
        { field: 'payer', message: GROUP_EACH_PAYS_NEEDS_ADDRESS_MESSAGE },
      ]);
    }
    return {
      name: address.name,
      phone: address.phone,
      pincode: address.pincode,
      city: address.city,
      state: address.state,
      fullAddress: address.fullAddress,
      stateCode,
    };
  }

  /**
   * Each pays: the Razorpay order a new entry's payment is made in, after the
   * join committed; kept on the entry. Razorpay unreachable: 503, and the
   * unpaid entry drops out at the deadline (the member joins again).
   */
  async function startEntryPayment(entry: GroupOrderEntryRow): Promise<GroupEntryPayment> {
    const { razorpay, keyId } = paymentsOn();
    const amountPaise = entry.amountPaise ?? 0;
    const created = await razorpay
      .createOrder({ amountPaise, receipt: entry.id, notes: { group_entry_id: entry.id } })
      .catch(() => {
        throw new AppError('unavailable', PAYMENT_NOT_STARTED_MESSAGE);
      });
    await setEntryRazorpayOrder(db, entry.id, created.id);
    return {
      provider: 'razorpay',
      keyId,
      orderId: created.id,
      amount: amountPaise,
      currency: 'INR',
    };
  }

  return {
    async createGroupOrder(
      userId: string,
      body: CreateGroupOrderBody,
    ): Promise<{ token: string; url: string }> {
      if (body.payer === 'each' && !online) {
        throw badRequest(GROUP_EACH_PAYS_NEEDS_ONLINE_MESSAGE, [
          { field: 'payer', message: GROUP_EACH_PAYS_NEEDS_ONLINE_MESSAGE },
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
        const deliveryAddress = body.payer === 'each' ? await deliveryAddressOf(tx, userId) : null;
        await insertGroupOrder(tx, {
          deliveryAddress,
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
      const { group } = await db.transaction(async (tx) => {
        const found = await groupOf(tx, token, true);
        ensureOrganiser(found.group, userId);
        if (!(await closeLocked(tx, found))) throw conflict(GROUP_CLOSED_MESSAGE);
        return found;
      });
      await payments.sendRefunds({ groupOrderId: group.id });
      return view(db, await groupOf(db, token), userId);
    },

    /**
     * A closed group's pieces not ordered yet back in its organiser's cart
     * (organiser pays): those taken out of the cart, or left by a cancelled
     * order. Those still in the cart stay as they are.
     */
    async piecesToCart(userId: string, token: string): Promise<GroupPiecesToCart> {
      return db.transaction(async (tx) => {
        const { group } = await groupOf(tx, token, true);
        ensureOrganiser(group, userId);
        if (group.status !== 'closed' || group.payer !== 'organiser') {
          throw conflict(GROUP_NOTHING_TO_ORDER_MESSAGE);
        }
        const waiting = (await findEntries(tx, group.id)).filter(
          (entry) => entry.orderId === null && entry.droppedAt === null,
        );
        if (waiting.length === 0) throw conflict(GROUP_NOTHING_TO_ORDER_MESSAGE);
        const added = await cart.addGroupPieces(tx, userId, piecesForCart(group, waiting));
        return { added };
      });
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
        // Each pays: the price of the pieces paid so far and this one (decision 066).
        const amountPaise =
          found.group.payer === 'each'
            ? unitPaiseAfterBreak(
                listUnitPaise(product, found.group.design, personalisationOf(found.group, piece)),
                product.priceBreaks,
                (await countPaidPieces(tx, found.group.id)) + 1,
              )
            : null;
        const row = await insertEntry(tx, {
          groupOrderId: found.group.id,
          name: body.name,
          email: body.email,
          ...piece,
          amountPaise,
          entryTokenHash: hashToken(entryToken),
        });
        // Each pays: 'joined' goes with the receipt, once paid.
        if (found.group.payer === 'organiser') {
          await mail.groupJoined(
            tx,
            { name: row.name, email: row.email },
            mailFacts(found, product.title),
            piece,
            editUrlOf(token, row.id, entryToken),
          );
        }
        return row;
      });
      const payment = entry.amountPaise === null ? null : await startEntryPayment(entry);
      return { entry: toGroupEntry(entry), entryToken, payment };
    },

    /**
     * Each pays: Checkout's answer for a member's entry (x-entry-token). The
     * signature must be that of the entry's own Razorpay order (400); the
     * payment is fetched, captured when only authorized, and must be captured
     * for the entry's exact amount (402). Paid after the group closed: it is
     * refunded in full, 409. An entry paid already answers as it is.
     */
    async payGroupEntry(
      token: string,
      entryId: string,
      entryToken: string | undefined,
      body: PayOrderBody,
    ): Promise<GroupEntry> {
      const { razorpay, keySecret } = paymentsOn();
      const found = await groupOf(db, token);
      // A dropped entry too: a payment that comes after the close is still answered, and refunded.
      const entry = isUuid(entryId) ? await findEntry(db, found.group.id, entryId) : undefined;
      if (!entry || !isMemberOf(entry, entryToken)) throw notFound(GROUP_ENTRY_NOT_FOUND_MESSAGE);
      if (!entry.razorpayOrderId) throw conflict(GROUP_ENTRY_NOT_AWAITING_PAYMENT_MESSAGE);
      const signed = isValidPaymentSignature(
        {
          orderId: entry.razorpayOrderId,
          paymentId: body.razorpay_payment_id,
          signature: body.razorpay_signature,
        },
        keySecret,
      );
      if (!signed) throw badRequest(WRONG_PAYMENT_SIGNATURE_MESSAGE);
      if (!entry.paid) {
        const payment = await razorpay
          .fetchPayment(body.razorpay_payment_id)
          .then((fetched) => capturedForEntry(found.group, entry, fetched))
          .catch(() => {
            throw new AppError('unavailable', PAYMENT_NOT_STARTED_MESSAGE);
          });
        if (!paysEntry(entry, payment)) {
          // Authorized after the close: not captured, so Razorpay gives it back by itself.
          if (!isOpen(found.group)) throw conflict(GROUP_CLOSED_MESSAGE);
          throw new AppError('payment_required', PAYMENT_NOT_CAPTURED_MESSAGE);
        }
        const outcome = await db.transaction(async (tx) => {
          const locked = await groupOf(tx, token, true);
          return settleEntryPayment(tx, locked, entry.id, payment, entryToken);
        });
        if (outcome === 'late') {
          await payments.sendRefunds({ groupOrderId: found.group.id });
          throw conflict(GROUP_CLOSED_MESSAGE);
        }
      }
      const after = await findEntry(db, found.group.id, entry.id);
      if (!after) throw notFound(GROUP_ENTRY_NOT_FOUND_MESSAGE);
      if (after.droppedAt) throw conflict(GROUP_CLOSED_MESSAGE);
      return toGroupEntry(after);
    },

    /**
     * A captured payment a Razorpay webhook reports, when its Razorpay order is
     * a member's entry (each pays): settled as the browser's report would be,
     * in the webhook's transaction. True when it was one of theirs.
     */
    async settleReportedPayment(
      tx: Database,
      payment: ReportedPayment,
    ): Promise<string | undefined> {
      const entry = payment.order_id
        ? await findEntryByRazorpayOrderId(tx, payment.order_id)
        : undefined;
      if (!entry) return undefined;
      const group = await findGroupOrderById(tx, entry.groupOrderId, { forUpdate: true });
      if (group) await settleEntryPayment(tx, group, entry.id, payment);
      return entry.groupOrderId;
    },

    /**
     * A payment a webhook reports authorized (manual capture, e.g. the member
     * closed the tab), when its Razorpay order is a member's entry: captured
     * while the entry awaits it, as an order's is (decision 073). Undefined
     * when it is not one of theirs.
     */
    async captureReportedPayment<Payment extends ReportedPayment>(
      payment: Payment,
    ): Promise<Payment | RazorpayPayment | undefined> {
      const entry = payment.order_id
        ? await findEntryByRazorpayOrderId(db, payment.order_id)
        : undefined;
      if (!entry) return undefined;
      const found = await findGroupOrderById(db, entry.groupOrderId);
      return found ? capturedForEntry(found.group, entry, payment) : payment;
    },

    /**
     * Tells a member how Razorpay settled a refund of their payment (the
     * refund webhooks), in the webhook's transaction, as an order's shopper is told.
     */
    async refundSettled(
      tx: Database,
      entryId: string,
      refund: Omit<RefundSettled, 'of'>,
    ): Promise<void> {
      const entry = await lockEntry(tx, entryId);
      const found = entry && (await findGroupOrderById(tx, entry.groupOrderId));
      if (!entry || !found) return;
      const product = await catalogue.findProduct(tx, found.group.productId);
      await mail.refundSettled(
        tx,
        { name: entry.name, email: entry.email },
        { ...refund, of: { group: mailFacts(found, product?.title ?? 'your design') } },
      );
    },

    /** An entry as it stands, to its member (the token of their link) or the organiser. */
    async getGroupEntry(token: string, entryId: string, caller: EntryCaller): Promise<GroupEntry> {
      const { group } = await groupOf(db, token);
      const { entry } = await entryFor(db, group, entryId, caller);
      const refunded = await payments.groupEntriesRefundedPaise(db, [entry.id]);
      return toGroupEntry(entry, refunded.get(entry.id));
    },

    async updateGroupEntry(
      token: string,
      entryId: string,
      caller: EntryCaller,
      body: UpdateGroupEntryBody,
    ): Promise<GroupEntry> {
      const row = await db.transaction(async (tx) => {
        const { group } = await groupOf(tx, token, true);
        const { entry } = await entryFor(tx, group, entryId, caller);
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

    /**
     * A member leaves or the organiser removes an entry. Each pays: a paid
     * entry stays on the roster, dropped, its payment refunded in full (sent
     * after the commit); an unpaid one goes like any entry.
     */
    async deleteGroupEntry(token: string, entryId: string, caller: EntryCaller): Promise<void> {
      const groupOrderId = await db.transaction(async (tx) => {
        const found = await groupOf(tx, token, true);
        const { entry, byMember } = await entryFor(tx, found.group, entryId, caller);
        ensureOpen(found.group);
        if (!entry.paid || found.group.payer === 'organiser') {
          await deleteEntry(tx, entry.id);
          return null;
        }
        await dropEntry(tx, entry.id, now());
        await refundEntry(
          tx,
          found,
          entry,
          byMember ? GROUP_REFUND_REASONS.left : GROUP_REFUND_REASONS.removed,
        );
        return found.group.id;
      });
      if (groupOrderId) await payments.sendRefunds({ groupOrderId });
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
          if (!found) return false;
          return (await closeLocked(tx, found)) ? found.group.id : 'skipped';
        });
        if (closedOne === false) break;
        if (closedOne !== 'skipped') {
          closed += 1;
          await payments.sendRefunds({ groupOrderId: closedOne });
        }
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

    /**
     * Checkout placed an order holding these entries' lines (decision 072):
     * they are ordered and paid; a group is 'ordered' once all its pieces are.
     */
    entriesOrdered: (tx: Database, entryIds: string[], orderId: string) =>
      markEntriesOrdered(tx, entryIds, orderId),
    /** An order was cancelled: its organiser-paid pieces wait to be ordered again. */
    entriesReleased: (tx: Database, orderId: string) => releaseEntries(tx, orderId),
  };
}

export type GroupOrdersService = ReturnType<typeof createGroupOrdersService>;
