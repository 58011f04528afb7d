import { afterEach, describe, expect, it, vi } from 'vitest';
import { needsDocumentLoad } from './razorpay-checkout.ts';

/** This document as first loaded at `path`, the router since at `now`. */
function documentLoadedAt(path: string, now: string) {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
    { name: `${window.location.origin}${path}` } as PerformanceEntry,
  ]);
  window.history.replaceState(null, '', now);
}

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('needsDocumentLoad (the CSP is per document, decision 039)', () => {
  it('is not needed on a document loaded at checkout or at an order', () => {
    documentLoadedAt('/checkout', '/checkout');
    expect(needsDocumentLoad()).toBe(false);
    documentLoadedAt('/checkout', '/order/0a1b2c3d-0000-4000-8000-00001a2b3c4d');
    expect(needsDocumentLoad()).toBe(false);
    documentLoadedAt('/order/0a1b2c3d-0000-4000-8000-00001a2b3c4d', '/checkout');
    expect(needsDocumentLoad()).toBe(false);
  });

  it('is needed on a payment page reached inside the app from another document', () => {
    documentLoadedAt('/cart', '/checkout');
    expect(needsDocumentLoad()).toBe(true);
    documentLoadedAt('/orders', '/order/0a1b2c3d-0000-4000-8000-00001a2b3c4d');
    expect(needsDocumentLoad()).toBe(true);
    documentLoadedAt('/order/0a1b2c3d-0000-4000-8000-00001a2b3c4d/track', '/checkout');
    expect(needsDocumentLoad()).toBe(true);
  });

  it('never asks a page to load again as the document it already is', () => {
    documentLoadedAt('/cart', '/cart');
    expect(needsDocumentLoad()).toBe(false);
  });
});
