import { type FormEvent, useId } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SearchIcon } from '#web/components/ui/icons.tsx';
import { paths } from '#web/config/paths.ts';

interface SearchFormProps {
  className?: string;
}

/** The top bar's product search: Enter or the button goes to /products?search={text} (SPEC §2). */
export function SearchForm({ className = '' }: SearchFormProps) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const inputId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('search');
    navigate(paths.products({ search: typeof text === 'string' ? text : '' }));
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers still in use (and for happy-dom); the role gives the same landmark.
    <form
      role="search"
      // Before React takes over (decision 027), the browser itself sends the search there.
      action={paths.products()}
      onSubmit={onSubmit}
      className={`relative flex items-center ${className}`}
    >
      <label htmlFor={inputId} className="sr-only">
        Search products
      </label>
      <input
        id={inputId}
        type="search"
        name="search"
        // Re-created when the URL's search changes (back, forward), so the box always shows it.
        key={searchParams.get('search') ?? ''}
        defaultValue={searchParams.get('search') ?? ''}
        placeholder="Search tees, hoodies…"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        className="h-10 w-full rounded-full border border-ink-300 bg-ink-50 pr-11 pl-4 text-sm text-ink-900 placeholder:text-ink-500 focus:border-brand-500 focus:bg-white"
      />
      <button
        type="submit"
        aria-label="Search"
        className="absolute right-1 inline-flex size-8 items-center justify-center rounded-full text-ink-600 hover:bg-ink-200 hover:text-ink-900"
      >
        <SearchIcon className="size-4" />
      </button>
    </form>
  );
}
