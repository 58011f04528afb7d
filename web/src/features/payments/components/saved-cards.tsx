import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { savedCardLabel } from '#web/utils/card-label.ts';
import { useRemoveSavedCard, useSavedCards } from '../api/saved-cards.ts';

/** Settings' saved cards (issue 13): each with 'Remove'; a card is saved by ticking it at checkout. */
export function SavedCards() {
  const cards = useSavedCards();
  const remove = useRemoveSavedCard();

  if (cards.isPending) return <p className="text-sm text-ink-600">Loading your cards…</p>;
  if (cards.isError) return <p className="text-sm text-red-700">{cards.error.message}</p>;
  if (cards.data.length === 0) {
    return (
      <p className="text-sm text-ink-600">
        No saved cards. Tick ‘Save this card for later use’ when you pay by card.
      </p>
    );
  }
  return (
    <div>
      <ul aria-label="Saved cards" className="divide-y divide-ink-100">
        {cards.data.map((card) => (
          <li key={card._id} className="flex items-center justify-between gap-4 py-3">
            <span className="text-sm">
              <span className="block font-medium text-ink-900">{savedCardLabel(card)}</span>
              <span className="block text-ink-600">{card.name}</span>
            </span>
            <button
              type="button"
              aria-label={`Remove ${savedCardLabel(card)}`}
              disabled={remove.isPending && remove.variables === card._id}
              onClick={() => remove.mutate(card._id)}
              className={buttonStyles({ variant: 'outline', size: 'sm' })}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      {remove.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {remove.error.message}
        </p>
      ) : null}
    </div>
  );
}
