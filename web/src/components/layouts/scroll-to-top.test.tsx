import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '#web/testing/render.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ScrollToTop', () => {
  it('leaves the loaded page where the shopper scrolled it, and scrolls to the top on each route change', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderWithRouter(<ScrollToTop />, { path: '/products' });
    expect(scrollTo).not.toHaveBeenCalled();

    await act(() => router.navigate('/about'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    await act(() => router.navigate('/about?tab=story'));
    expect(scrollTo).toHaveBeenCalledTimes(2);

    await act(() => router.navigate('/products'));
    expect(scrollTo).toHaveBeenCalledTimes(3);
  });
});
