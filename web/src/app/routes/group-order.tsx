import { useParams, useSearchParams } from 'react-router';
import {
  formatRupees,
  GROUP_EACH_PAYS_PRICE_NOTE,
  GROUP_ENTRY_LINK_PARAMS,
  SHOP_NAME,
  unitPaiseAfterBreak,
} from '#contract';
import { DesignThumbnails } from '#web/components/ui/design-thumbnail.tsx';
import { NotFoundView } from '#web/components/ui/not-found-view.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ErrorMessage } from '#web/components/ui/status-message.tsx';
import { usePayOnline } from '#web/features/checkout/hooks/use-pay-online.ts';
import { openRazorpayCheckout } from '#web/features/checkout/utils/razorpay-checkout.ts';
import { useGroupOrder } from '#web/features/group-orders/api/group-orders.ts';
import {
  EditEntryForm,
  JoinGroupForm,
  type OpenGroupCheckout,
} from '#web/features/group-orders/components/member-view.tsx';
import { OrganiserView } from '#web/features/group-orders/components/organiser-view.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { formatDateTime } from '#web/utils/format-date.ts';

const GROUP_GONE = 'Group order not found';

/**
 * /g/{token}: a group order (issue 29, decision 060). Members join (or, from
 * their email's link `?entry=…&token=…`, change or leave); its organiser sees
 * the roster live and closes it.
 */
export function GroupOrderRoute() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const entryId = search.get(GROUP_ENTRY_LINK_PARAMS.entryId);
  const entryToken = search.get(GROUP_ENTRY_LINK_PARAMS.entryToken);
  const { data: group, error, refetch } = useGroupOrder(token);
  const { online } = usePayOnline({ needed: group?.payer === 'each' });
  // Each pays (decision 066): a member pays their piece in Razorpay Checkout.
  const openCheckout: OpenGroupCheckout | undefined = online
    ? (payment, prefill) =>
        openRazorpayCheckout({
          checkoutUrl: online.checkoutUrl,
          payment,
          shopName: SHOP_NAME,
          description: group ? `${group.organiserName}'s group order` : 'Group order',
          prefill,
        })
    : undefined;
  const gone = error?.status === 404 || error?.status === 400;
  useDocumentTitle(
    gone ? GROUP_GONE : group ? `Group order: ${group.product.title}` : 'Group order',
  );

  if (gone) {
    return <NotFoundView title={GROUP_GONE}>The link may be mistyped.</NotFoundView>;
  }
  if (error) return <ErrorMessage message={error.message} onRetry={() => void refetch()} />;
  if (!group) return <Spinner label="Loading the group order" />;

  const open = group.status === 'open' && new Date(group.closesAt).getTime() > Date.now();
  // The group's pieces count together toward the product's price breaks (decision 055).
  const each =
    unitPaiseAfterBreak(
      Math.round(group.unitPrice * 100),
      group.product.priceBreaks,
      Math.max(group.pieces, 1),
    ) / 100;
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-ink-900">
          {group.organiserName}'s group order
        </h1>
        <p className="mt-1 text-ink-600">
          {group.product.title} in {group.product.color.name}
        </p>
      </div>
      <DesignThumbnails
        design={group.design}
        printAreas={group.product.printAreas}
        garment={group.product.garment}
        color={group.product.color}
        className="w-full max-w-xs"
      />
      <dl className="grid grid-cols-2 gap-2 text-ink-800">
        <dt className="text-ink-600">Price each</dt>
        <dd className="font-semibold">{formatRupees(each)}</dd>
        <dt className="text-ink-600">{open ? 'Closes' : 'Closed'}</dt>
        <dd>{open ? formatDateTime(group.closesAt) : 'No more changes'}</dd>
        <dt className="text-ink-600">Pieces so far</dt>
        <dd>{group.pieces}</dd>
        {group.joinPrice !== null && open ? (
          <>
            <dt className="text-ink-600">You pay to join</dt>
            <dd className="font-semibold">{formatRupees(group.joinPrice)}</dd>
          </>
        ) : null}
      </dl>
      {group.payer === 'each' ? (
        <p className="text-sm text-ink-700">{GROUP_EACH_PAYS_PRICE_NOTE}</p>
      ) : null}
      {group.isOrganiser ? (
        <OrganiserView group={group} />
      ) : !open ? (
        <p className="font-medium text-ink-900">This group order is closed.</p>
      ) : entryId && entryToken ? (
        <EditEntryForm key={entryId} group={group} entryId={entryId} entryToken={entryToken} />
      ) : (
        <JoinGroupForm group={group} openCheckout={openCheckout} />
      )}
    </div>
  );
}
