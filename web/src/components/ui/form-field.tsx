import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { EyeIcon, EyeOffIcon } from './icons.tsx';

/** The look of every text box, so inputs and text areas match. */
export const inputStyles = (invalid: boolean) =>
  `block w-full rounded-xl border bg-white px-4 text-base text-ink-900 placeholder:text-ink-500 transition-colors focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 sm:text-sm ${
    invalid
      ? 'border-red-600 focus-visible:outline-red-600'
      : 'border-ink-300 hover:border-ink-400 focus-visible:border-brand-600 focus-visible:outline-brand-600'
  }`;

interface FieldProps {
  label: string;
  /** The field's error, shown under it and announced with it. */
  error?: string;
  /** A short help text under the box; an error takes its place. */
  hint?: ReactNode;
  className?: string;
  /** Something at the end of the label row (a link, say). */
  labelAside?: ReactNode;
}

interface ControlIds {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** Label, control, hint and error wired together by ids. */
function Field({
  label,
  error,
  hint,
  className = '',
  labelAside,
  id: givenId,
  children,
}: FieldProps & { id?: string; children: (ids: ControlIds) => ReactNode }) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const shownHint = error ? undefined : hint;
  const describedBy = [shownHint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-ink-800">
          {label}
        </label>
        {labelAside}
      </div>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy || undefined,
      })}
      {shownHint ? (
        <p id={hintId} className="mt-1.5 text-xs text-ink-600">
          {shownHint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 flex gap-1.5 text-sm font-medium text-red-700">
          <span aria-hidden="true">⚠</span>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = FieldProps & Omit<ComponentProps<'input'>, 'className'>;

/** A labelled text input; pass react-hook-form's `register(...)` props straight in. */
export function TextField({
  label,
  error,
  hint,
  className,
  labelAside,
  id,
  ...input
}: TextFieldProps) {
  return (
    <Field {...{ label, error, hint, className, labelAside, id }}>
      {(ids) => <input {...input} {...ids} className={`${inputStyles(Boolean(error))} h-11`} />}
    </Field>
  );
}

/** The email box of every form: the keyboard, autofill and example a shopper expects. */
export function EmailField({
  label = 'Email',
  ...input
}: Omit<TextFieldProps, 'type' | 'label'> & { label?: string }) {
  return (
    <TextField
      label={label}
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@example.com"
      {...input}
    />
  );
}

type TextAreaFieldProps = FieldProps & Omit<ComponentProps<'textarea'>, 'className'>;

export function TextAreaField({
  label,
  error,
  hint,
  className,
  labelAside,
  id,
  rows = 5,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <Field {...{ label, error, hint, className, labelAside, id }}>
      {(ids) => (
        <textarea
          rows={rows}
          {...textarea}
          {...ids}
          className={`${inputStyles(Boolean(error))} resize-y py-3`}
        />
      )}
    </Field>
  );
}

type SelectFieldProps = FieldProps &
  Omit<ComponentProps<'select'>, 'className' | 'children'> & {
    options: readonly { value: string; label: string }[];
    /** The first, empty choice's words ('Choose a state'): shown while nothing is chosen. */
    placeholder: string;
  };

/** A labelled select over a fixed list; pass react-hook-form's `register(...)` props straight in. */
export function SelectField({
  label,
  error,
  hint,
  className,
  labelAside,
  id,
  options,
  placeholder,
  ...select
}: SelectFieldProps) {
  return (
    <Field {...{ label, error, hint, className, labelAside, id }}>
      {(ids) => (
        <select {...select} {...ids} className={`${inputStyles(Boolean(error))} h-11`}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** A password box with a Show/Hide button, so a shopper can check what they typed. */
export function PasswordField({
  label,
  error,
  hint,
  className,
  labelAside,
  id,
  ...input
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field {...{ label, error, hint, className, labelAside, id }}>
      {(ids) => (
        <div className="relative">
          <input
            {...input}
            {...ids}
            type={visible ? 'text' : 'password'}
            className={`${inputStyles(Boolean(error))} h-11 pr-12`}
          />
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            className="absolute inset-y-0 right-1 my-auto inline-flex size-9 items-center justify-center rounded-lg text-ink-600 hover:bg-ink-100 hover:text-ink-900"
          >
            {visible ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
          </button>
        </div>
      )}
    </Field>
  );
}

type CheckboxFieldProps = { label: ReactNode } & Omit<ComponentProps<'input'>, 'type'>;

/** A checkbox with its label beside it. */
export function CheckboxField({ label, className = '', ...input }: CheckboxFieldProps) {
  return (
    <label
      className={`inline-flex cursor-pointer items-center gap-2.5 text-sm text-ink-800 ${className}`}
    >
      <input
        type="checkbox"
        {...input}
        className="size-4 shrink-0 cursor-pointer rounded border-ink-400 accent-brand-600"
      />
      {label}
    </label>
  );
}
