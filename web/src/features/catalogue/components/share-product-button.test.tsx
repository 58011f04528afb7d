import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHARE_MESSAGES } from '#web/lib/share-link.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { ShareProductButton } from './share-product-button.tsx';

const PAGE = '/product/tee-1';

/** Gives this browser the Web Share API, answering as `share` does. */
function withWebShare(share: (data: ShareData) => Promise<void>) {
  const mock = vi.fn(share);
  Object.defineProperty(navigator, 'share', { configurable: true, writable: true, value: mock });
  return mock;
}

function renderButton() {
  const view = renderWithRouter(<ShareProductButton title="Sunset Graphic Tee" />, {
    path: PAGE,
  });
  // user-event puts its own clipboard on the page at setup; watch that one.
  const writeText = vi.spyOn(navigator.clipboard, 'writeText');
  return { ...view, writeText };
}

beforeEach(() => {
  window.history.replaceState(null, '', PAGE);
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

describe('ShareProductButton', () => {
  it("opens the device's share sheet with the title and the page's link where the Web Share API exists", async () => {
    const share = withWebShare(async () => {});
    const { user, writeText } = renderButton();

    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(share).toHaveBeenCalledWith({ title: 'Sunset Graphic Tee', url: window.location.href });
    expect(window.location.href).toMatch(/\/product\/tee-1$/);
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText(SHARE_MESSAGES.copied)).not.toBeInTheDocument();
  });

  it('does nothing more when the shopper closes the share sheet', async () => {
    const share = withWebShare(async () => {
      throw new DOMException('Share canceled', 'AbortError');
    });
    const { user, writeText } = renderButton();

    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(share).toHaveBeenCalledOnce();
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('copies the link instead when the share sheet refuses', async () => {
    withWebShare(async () => {
      throw new DOMException('Not allowed', 'NotAllowedError');
    });
    const { user, writeText } = renderButton();

    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(writeText).toHaveBeenCalledWith(window.location.href);
    expect(await screen.findByText(SHARE_MESSAGES.copied)).toBeInTheDocument();
  });

  it('copies the link and says so where there is no Web Share API', async () => {
    expect('share' in navigator).toBe(false);
    const { user, writeText } = renderButton();

    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(writeText).toHaveBeenCalledWith(window.location.href);
    await expect(navigator.clipboard.readText()).resolves.toBe(window.location.href);
    expect(await screen.findByText(SHARE_MESSAGES.copied)).toBeInTheDocument();
  });

  it('says so when the link cannot be copied either', async () => {
    const { user, writeText } = renderButton();
    writeText.mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));

    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(await screen.findByText(SHARE_MESSAGES.failed)).toBeInTheDocument();
    expect(screen.queryByText(SHARE_MESSAGES.copied)).not.toBeInTheDocument();
  });
});
