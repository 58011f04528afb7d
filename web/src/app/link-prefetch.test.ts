import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchLinks } from './link-prefetch.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('prefetchLinks (decision 054)', () => {
  it('matches a hovered link against the route table once, by asking for its code (issue 30)', () => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    document.body.innerHTML = '<main id="main"><a href="/product/tee-1">Moss Tee</a></main>';
    const code = { isHere: vi.fn(() => false), load: vi.fn(() => Promise.resolve()) };
    const stop = prefetchLinks(code);

    document.querySelector('a')?.dispatchEvent(new Event('pointerover', { bubbles: true }));

    expect(code.load).toHaveBeenCalledWith('/product/tee-1');
    expect(code.isHere).not.toHaveBeenCalled();
    stop();
  });
});
