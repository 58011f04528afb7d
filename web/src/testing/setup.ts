import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';

// react-hot-toast asks for prefers-reduced-motion; not every DOM implementation has matchMedia.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

/**
 * An unexpected console.error fails the test (React warnings included). A test
 * that expects one mocks it (`vi.mocked(console.error).mockImplementation(() => {})`),
 * asserts on it, then clears it (`vi.mocked(console.error).mockClear()`).
 */
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  if (calls.length > 0) {
    const printed = calls.map((args) => args.map((arg) => String(arg)).join(' ')).join('\n');
    throw new Error(`console.error was called during the test:\n${printed}`);
  }
});
