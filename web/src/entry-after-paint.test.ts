import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAfterPaint } from './entry-after-paint.ts';

/**
 * The first script of a server-rendered page (decision
 * 027) must not fetch or run the app before the page has painted its
 * pictures: in order, the pictures, a frame, then a task after that frame.
 */

let frames: FrameRequestCallback[];

beforeEach(() => {
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.useFakeTimers({ toFake: ['setTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

/** Lets every pending promise callback run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

function modulePreloads(): string[] {
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
    (link) => link.getAttribute('href') ?? '',
  );
}

describe('the after-paint script', () => {
  it('fetches the app only after the LCP picture is decoded and a frame has painted', async () => {
    const picture = document.createElement('img');
    picture.setAttribute('fetchpriority', 'high');
    let decoded = () => {};
    picture.decode = () => new Promise<void>((resolve) => (decoded = resolve));
    document.body.append(picture);
    const importEntry = vi.fn(async () => undefined);

    const started = startAfterPaint('/assets/index.js', ['/assets/products.js'], importEntry);
    await vi.advanceTimersByTimeAsync(1000);
    expect(frames).toHaveLength(0);

    decoded();
    await settle();
    expect(frames).toHaveLength(1);
    for (const frame of frames.splice(0)) frame(performance.now());
    // The frame's callback runs before that frame paints: the app waits for the task after it.
    expect(importEntry).not.toHaveBeenCalled();
    expect(modulePreloads()).toEqual([]);

    await settle();
    await started;
    expect(modulePreloads()).toEqual(['/assets/products.js']);
    expect(importEntry).toHaveBeenCalledWith('/assets/index.js');
  });

  it('does not wait on a picture that fails to load', async () => {
    const picture = document.createElement('img');
    picture.setAttribute('fetchpriority', 'high');
    picture.decode = () => Promise.reject(new Error('EncodingError'));
    document.body.append(picture);
    const importEntry = vi.fn(async () => undefined);

    const started = startAfterPaint('/assets/index.js', [], importEntry);
    await settle();
    for (const frame of frames.splice(0)) frame(performance.now());
    await settle();
    await started;
    expect(importEntry).toHaveBeenCalledWith('/assets/index.js');
  });
});
