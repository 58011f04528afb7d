import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SIZE_GUIDE } from '#contract';
import { renderWithRouter } from '#web/testing/render.tsx';
import { SizeGuideButton } from './size-guide-button.tsx';

const open = async (category: string) => {
  const view = renderWithRouter(<SizeGuideButton category={category} />);
  await view.user.click(screen.getByRole('button', { name: 'Size guide' }));
  return { ...view, dialog: screen.getByRole('dialog', { name: `Size guide: ${category}` }) };
};

/** The table's rows as [size, girth, length] text. */
const rowsOf = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children, (cell) => cell.textContent));

describe('SizeGuideButton', () => {
  it("opens a labelled dialog with the category's chest and length per size, from the data", async () => {
    const { dialog } = await open('T-Shirts');

    expect(dialog).toHaveAccessibleDescription(
      'Garment measurements in centimetres, laid flat and doubled.',
    );
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Size', 'Chest (cm)', 'Length (cm)']);
    const chart = SIZE_GUIDE['T-Shirts']?.sizes ?? {};
    expect(rowsOf(dialog)).toEqual(
      Object.entries(chart).map(([size, row]) => [size, String(row.girth), String(row.length)]),
    );
    expect(rowsOf(dialog)[0]).toEqual(['XS', '86', '66']);
  });

  it('measures joggers at the waist', async () => {
    const { dialog } = await open('Joggers');
    expect(within(dialog).getByRole('columnheader', { name: 'Waist (cm)' })).toBeInTheDocument();
    expect(rowsOf(dialog)).toContainEqual(['M', '78', '100']);
  });

  it('takes focus when it opens, closes on Escape and gives focus back', async () => {
    const { user, dialog } = await open('Hoodies');
    expect(within(dialog).getByRole('button', { name: 'Close size guide' })).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Size guide' })).toHaveFocus();
  });

  it('closes with its × button too', async () => {
    const { user, dialog } = await open('Shirts');
    await user.click(within(dialog).getByRole('button', { name: 'Close size guide' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers no guide for a category without measurements', () => {
    renderWithRouter(<SizeGuideButton category="Caps" />);
    expect(screen.queryByRole('button', { name: 'Size guide' })).not.toBeInTheDocument();
  });
});
