import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type OrderDocuments as Documents, NO_INVOICE_MESSAGE } from '#contract';
import { setAuthToken } from '#web/lib/auth-token.ts';
import { apiFail, apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { OrderDocuments } from './order-documents.tsx';

const ORDER_ID = 'c0ffee00-1111-4222-8333-9876abcd1234';
const INVOICE = { number: 'TC/26-27/000123', issuedAt: '2026-11-21T06:30:00.000Z', total: 998 };
const CREDIT_NOTE = { number: 'CN/26-27/000007', issuedAt: '2026-11-22T06:30:00.000Z', total: 499 };

// jsdom makes no object URLs and follows no download link: both are stood in for.
const saved: { href: string; download: string }[] = [];
Object.assign(URL, { createObjectURL: () => 'blob:document', revokeObjectURL: () => undefined });

beforeEach(() => {
  saved.length = 0;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ href: this.href, download: this.download });
  });
  setAuthToken('shopper-token');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const pdf = () =>
  new Response(new Blob(['%PDF-1.7']), { headers: { 'content-type': 'application/pdf' } });

/** The documents of an order whose history grows by one event at a click. */
function MovingOrder() {
  const [historyLength, setHistoryLength] = useState(1);
  return (
    <>
      <button type="button" onClick={() => setHistoryLength(2)}>
        Order moved
      </button>
      <OrderDocuments orderId={ORDER_ID} historyLength={historyLength} />
    </>
  );
}

function render(documents: Documents, replies: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ [`GET /order/${ORDER_ID}/documents`]: apiOk(documents), ...replies });
  return { api, ...renderWithRouter(<OrderDocuments orderId={ORDER_ID} historyLength={1} />) };
}

describe('OrderDocuments', () => {
  it('downloads the invoice with the signed-in token, named by its number', async () => {
    const { api, user } = render(
      { invoice: INVOICE, creditNotes: [] },
      { [`GET /order/${ORDER_ID}/invoice`]: pdf() },
    );
    const documents = within(await screen.findByRole('region', { name: 'Tax documents' }));
    expect(documents.getByText('Tax invoice TC/26-27/000123')).toBeInTheDocument();
    expect(documents.getByText('₹998.00', { exact: false })).toBeInTheDocument();

    await user.click(documents.getByRole('button', { name: 'Download invoice' }));

    await waitFor(() =>
      expect(saved).toEqual([{ href: 'blob:document', download: 'invoice-TC-26-27-000123.pdf' }]),
    );
    const request = api.requests.find((sent) => sent.path.endsWith('/invoice'));
    expect(request?.headers.get('authorization')).toBe('Bearer shopper-token');
  });

  it('downloads each credit note by its number', async () => {
    const { user } = render(
      { invoice: INVOICE, creditNotes: [CREDIT_NOTE] },
      { [`GET /order/${ORDER_ID}/credit-notes/CN-26-27-000007`]: pdf() },
    );
    await user.click(
      await screen.findByRole('button', { name: 'Download credit note CN/26-27/000007' }),
    );
    await waitFor(() =>
      expect(saved).toEqual([
        { href: 'blob:document', download: 'credit-note-CN-26-27-000007.pdf' },
      ]),
    );
  });

  it("says the server's reason when a download is refused", async () => {
    const { user } = render(
      { invoice: INVOICE, creditNotes: [] },
      { [`GET /order/${ORDER_ID}/invoice`]: apiFail(404, NO_INVOICE_MESSAGE) },
    );
    await user.click(await screen.findByRole('button', { name: 'Download invoice' }));
    expect(await screen.findByText(NO_INVOICE_MESSAGE)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('reads the documents again when the order moves, keeping those shown meanwhile', async () => {
    // The second list arrives only when the test lets it.
    let answerSecond: () => void = () => undefined;
    const second = new Promise<void>((resolve) => {
      answerSecond = resolve;
    });
    const api = mockApi({
      [`GET /order/${ORDER_ID}/documents`]: async () => {
        if (api.requests.length === 1) return apiOk({ invoice: INVOICE, creditNotes: [] });
        await second;
        return apiOk({ invoice: INVOICE, creditNotes: [CREDIT_NOTE] });
      },
    });
    const { user } = renderWithRouter(<MovingOrder />);
    expect(await screen.findByRole('button', { name: 'Download invoice' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Order moved' }));
    await waitFor(() => expect(api.requests).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Download invoice' })).toBeInTheDocument();
    answerSecond();
    expect(
      await screen.findByRole('button', { name: 'Download credit note CN/26-27/000007' }),
    ).toBeInTheDocument();
    expect(api.requests).toHaveLength(2);
  });

  it('shows nothing while the order has no documents', async () => {
    const { api } = render({ invoice: null, creditNotes: [] });
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Tax documents' })).toBeNull();
  });
});
