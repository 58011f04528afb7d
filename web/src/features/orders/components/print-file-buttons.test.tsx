import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LinePrint } from '#contract';
import { PrintFilesZipButton } from './print-file-buttons.tsx';

const ORDER_ID = '00000000-0000-4000-8000-000000000001';
const print = (side: LinePrint['side'], status: LinePrint['status']): LinePrint => ({
  itemId: '00000000-0000-4000-8000-000000000002',
  side,
  status,
});

describe('PrintFilesZipButton', () => {
  it('waits for the print queue, then offers every print file in one ZIP', () => {
    const { rerender } = render(
      <PrintFilesZipButton
        order={{ _id: ORDER_ID, prints: [print('front', 'done'), print('back', 'working')] }}
      />,
    );
    expect(screen.getByRole('button', { name: 'Download all print files' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('1 of 2 print files ready');

    rerender(
      <PrintFilesZipButton
        order={{ _id: ORDER_ID, prints: [print('front', 'done'), print('back', 'done')] }}
      />,
    );
    expect(screen.getByRole('button', { name: 'Download all print files' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('2 of 2 print files ready');
  });

  it('says when a print file failed, and shows nothing for an order with nothing printed', () => {
    const { rerender } = render(
      <PrintFilesZipButton order={{ _id: ORDER_ID, prints: [print('front', 'failed')] }} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('A print file failed');
    rerender(<PrintFilesZipButton order={{ _id: ORDER_ID, prints: [] }} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
