import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSavedCard } from '#web/testing/data.ts';
import { apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { SavedCards } from './saved-cards.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const visa = makeSavedCard();

describe('SavedCards (Settings, issue 13)', () => {
  it('lists each card and removes one, reading the list again', async () => {
    let cards = [visa, { ...visa, _id: '22222222-2222-4222-8222-222222222222', last4: '1111' }];
    const api = mockApi({
      'GET /payment/cards': () => apiOk(cards),
      [`DELETE /payment/cards/${visa._id}`]: () => {
        cards = cards.filter((card) => card._id !== visa._id);
        return apiOk(null);
      },
    });
    const { user } = renderWithRouter(<SavedCards />);

    const list = within(await screen.findByRole('list', { name: 'Saved cards' }));
    expect(
      list.getAllByRole('listitem').map((item) => item.firstChild?.firstChild?.textContent),
    ).toEqual(['Visa •••• 4242, expires 12/30', 'Visa •••• 1111, expires 12/30']);

    await user.click(screen.getByRole('button', { name: 'Remove Visa •••• 4242, expires 12/30' }));
    expect(
      await screen.findByRole('button', { name: 'Remove Visa •••• 1111, expires 12/30' }),
    ).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(screen.queryByText('Visa •••• 4242, expires 12/30')).not.toBeInTheDocument(),
    );
    expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /payment/cards',
      `DELETE /payment/cards/${visa._id}`,
      'GET /payment/cards',
    ]);
  });

  it('says how to save a card when there is none', async () => {
    mockApi({ 'GET /payment/cards': apiOk([]) });
    renderWithRouter(<SavedCards />);
    expect(await screen.findByText(/No saved cards/)).toBeInTheDocument();
  });
});
