import { describe, expect, it } from 'vitest';
import { selectedOption } from './select-option.ts';

describe('selectedOption', () => {
  it('returns the option the value names, or undefined for any other value', () => {
    const sizes = ['S', 'M', 'L'] as const;
    expect(selectedOption(sizes, 'M')).toBe('M');
    expect(selectedOption(sizes, '')).toBeUndefined();
    expect(selectedOption(sizes, 'XXL')).toBeUndefined();
  });
});
