import { describe, expect, it, vi } from 'vitest';
import { type PageCode, pageCodeGate } from './page-navigation.tsx';

/** Page code for `/slow`, loaded when the test says so; every other page's code is here. */
function slowPageCode() {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const code: PageCode = {
    isHere: (pathname) => pathname !== '/slow',
    load: vi.fn(() => arrived),
  };
  return { code, arrive: async () => arrive() };
}

describe('pageCodeGate', () => {
  it('goes at once when the page code is here', () => {
    const { code } = slowPageCode();
    const go = vi.fn();
    pageCodeGate(code)('/fast', go);
    expect(go).toHaveBeenCalledOnce();
    expect(code.load).not.toHaveBeenCalled();
  });

  it('waits for the page code, then goes', async () => {
    const { code, arrive } = slowPageCode();
    const go = vi.fn();
    pageCodeGate(code)('/slow', go);
    expect(go).not.toHaveBeenCalled();
    await arrive();
    await vi.waitFor(() => expect(go).toHaveBeenCalledOnce());
  });

  it('drops a navigation overtaken by a later one', async () => {
    const { code, arrive } = slowPageCode();
    const whenCodeIsHere = pageCodeGate(code);
    const toSlow = vi.fn();
    const toFast = vi.fn();
    whenCodeIsHere('/slow', toSlow);
    whenCodeIsHere('/fast', toFast);
    await arrive();
    const after = vi.fn();
    whenCodeIsHere('/fast', after);
    expect(toFast).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(after).toHaveBeenCalledOnce());
    expect(toSlow).not.toHaveBeenCalled();
  });

  it('goes even when the page code fails to load, so the route shows its error', async () => {
    const code: PageCode = {
      isHere: () => false,
      load: () => Promise.reject(new Error('offline')),
    };
    const go = vi.fn();
    pageCodeGate(code)('/slow', go);
    await vi.waitFor(() => expect(go).toHaveBeenCalledOnce());
  });
});
