import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CUSTOMISATION, type Design } from '#contract';
import { makeTextLayer } from '#web/testing/data.ts';
import { DesignThumbnails } from './design-thumbnail.tsx';

const design: Design = {
  front: [],
  back: [],
  namesAndNumbers: { fontId: 'inter', colorId: 'navy' },
};
const white = { name: 'White', hex: '#ffffff' };

describe('DesignThumbnails', () => {
  it('letters a personalised piece’s name and number on its back (issue 29)', () => {
    const { rerender } = render(
      <DesignThumbnails
        design={design}
        printAreas={DEFAULT_CUSTOMISATION.printAreas}
        garment="tee"
        color={white}
        personalisation={{ name: 'ASHA', number: 7 }}
      />,
    );
    const back = screen.getByRole('img', { name: /^Your design, back on a white tee/ });
    expect(back).toHaveAccessibleName('Your design, back on a white tee: text “ASHA”, text “7”');
    expect(back).toHaveTextContent('ASHA');
    rerender(
      <DesignThumbnails
        design={design}
        printAreas={DEFAULT_CUSTOMISATION.printAreas}
        garment="tee"
        color={white}
        personalisation={null}
      />,
    );
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('draws a hoodie line on a hoodie in its colour, hood and pocket included, and says so (issue 28)', () => {
    const hoodieAreas = {
      front: { xMm: 170, yMm: 190, widthMm: 260, heightMm: 200 },
      back: { xMm: 150, yMm: 160, widthMm: 300, heightMm: 380 },
    };
    const printed: Design = {
      front: [makeTextLayer({ text: 'Crew', xMm: 130, yMm: 100 })],
      back: [],
    };
    const { rerender } = render(
      <DesignThumbnails
        design={printed}
        printAreas={hoodieAreas}
        garment="hoodie"
        color={{ name: 'Black', hex: '#111111' }}
      />,
    );
    const front = screen.getByRole('img', {
      name: 'Your design, front on a black hoodie: text “Crew”',
    });
    expect(front).toHaveAttribute('data-garment', 'hoodie');
    const drawing = (picture: HTMLElement) =>
      [...picture.querySelectorAll('path')].map((path) => path.getAttribute('d'));
    const hoodie = drawing(front);
    // The hood's shadowed opening is drawn in the garment's colour darkened.
    expect(front.querySelector('path[fill-opacity]')).toHaveAttribute('fill', '#000000');
    expect(front.querySelectorAll('path[fill="#111111"]')).toHaveLength(3);
    rerender(
      <DesignThumbnails
        design={printed}
        printAreas={hoodieAreas}
        garment="tee"
        color={{ name: 'Black', hex: '#111111' }}
      />,
    );
    const tee = screen.getByRole('img', { name: 'Your design, front on a black tee: text “Crew”' });
    expect(drawing(tee)).toHaveLength(1);
    expect(drawing(tee)[0]).not.toBe(hoodie[0]);
  });
});
