import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CUSTOMISATION, type Design } from '#contract';
import { DesignThumbnails } from './design-thumbnail.tsx';

const design: Design = {
  front: [],
  back: [],
  namesAndNumbers: { fontId: 'inter', colorId: 'navy' },
};
const garment = { name: 'White', hex: '#ffffff' };

describe('DesignThumbnails', () => {
  it('letters a personalised piece’s name and number on its back (issue 29)', () => {
    const { rerender } = render(
      <DesignThumbnails
        design={design}
        printAreas={DEFAULT_CUSTOMISATION.printAreas}
        garment={garment}
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
        garment={garment}
        personalisation={null}
      />,
    );
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
