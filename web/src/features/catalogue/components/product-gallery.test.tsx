import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '#web/testing/render.tsx';
import { ProductGallery } from './product-gallery.tsx';

const IMAGES = [{ url: '/media/front' }, { url: '/media/back' }, { url: '/media/detail' }];

const mainPicture = () => screen.getByRole('img', { name: /^Sunset Tee, picture/ });

describe('ProductGallery', () => {
  it('goes round the pictures with the arrows', async () => {
    const { user } = renderWithRouter(<ProductGallery title="Sunset Tee" images={IMAGES} />);

    expect(mainPicture()).toHaveAccessibleName('Sunset Tee, picture 1 of 3');
    expect(mainPicture()).toHaveAttribute('src', '/media/front');

    await user.click(screen.getByRole('button', { name: 'Next picture' }));
    expect(mainPicture()).toHaveAttribute('src', '/media/back');

    await user.click(screen.getByRole('button', { name: 'Previous picture' }));
    await user.click(screen.getByRole('button', { name: 'Previous picture' }));
    expect(mainPicture()).toHaveAccessibleName('Sunset Tee, picture 3 of 3');
    expect(mainPicture()).toHaveAttribute('src', '/media/detail');
  });

  it('shows a picture from its thumbnail, and follows the arrow keys', async () => {
    const { user } = renderWithRouter(<ProductGallery title="Sunset Tee" images={IMAGES} />);

    const second = screen.getByRole('button', { name: 'Show picture 2 of 3' });
    await user.click(second);
    expect(mainPicture()).toHaveAttribute('src', '/media/back');
    expect(second).toHaveAttribute('aria-current', 'true');

    await user.keyboard('{ArrowRight}');
    expect(mainPicture()).toHaveAttribute('src', '/media/detail');
    await user.keyboard('{ArrowRight}');
    expect(mainPicture()).toHaveAttribute('src', '/media/front');
    await user.keyboard('{ArrowLeft}');
    expect(mainPicture()).toHaveAttribute('src', '/media/detail');
  });

  it('shows a single picture without arrows or thumbnails', () => {
    renderWithRouter(<ProductGallery title="Sunset Tee" images={[{ url: '/media/front' }]} />);

    expect(screen.getByRole('img', { name: 'Sunset Tee' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('fetches the first picture first and shows it at once; a picture switched to fades in', async () => {
    const { user } = renderWithRouter(<ProductGallery title="Sunset Tee" images={IMAGES} />);
    expect(mainPicture()).toHaveAttribute('fetchpriority', 'high');
    expect(mainPicture().className).not.toContain('fade-in');

    await user.click(screen.getByRole('button', { name: 'Next picture' }));
    expect(mainPicture().className).toContain('fade-in');
  });
});
