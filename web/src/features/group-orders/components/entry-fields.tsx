import { type GroupEntry, type GroupOrder, isSize, type UpdateGroupEntryBody } from '#contract';
import { SelectField, TextField } from '#web/components/ui/form-field.tsx';

/** What a member picks: a size, and a name and number when the group is personalised. */
export interface PieceValues {
  size: string;
  playerName: string;
  number: string;
}

export const EMPTY_PIECE: PieceValues = { size: '', playerName: '', number: '' };

/** The piece as the API takes it: only what was filled in. */
export function pieceBody(values: PieceValues, personalise: boolean) {
  return {
    ...(isSize(values.size) && { size: values.size }),
    ...(personalise && values.playerName && { playerName: values.playerName }),
    ...(personalise && values.number !== '' && { number: Number(values.number) }),
  };
}

/** An entry as the form shows it, to change it. */
export const pieceValuesOf = (entry: GroupEntry): PieceValues => ({
  size: entry.size,
  playerName: entry.playerName ?? '',
  number: entry.number === null ? '' : String(entry.number),
});

/** The piece as a change sends it: all of it, so a cleared name or number is cleared. */
export function changedPieceBody(values: PieceValues, personalise: boolean): UpdateGroupEntryBody {
  return {
    ...(isSize(values.size) && { size: values.size }),
    ...(personalise && {
      playerName: values.playerName,
      number: values.number === '' ? null : Number(values.number),
    }),
  };
}

interface PieceFieldsProps {
  group: GroupOrder;
  values: PieceValues;
  onChange: (values: PieceValues) => void;
  /** The size select's first choice: 'Choose a size', or 'Keep my size' when changing. */
  sizePlaceholder: string;
  errorOf: (field: string) => string | undefined;
}

/** The size select, and the name and number boxes when the group prints them. */
export function PieceFields({
  group,
  values,
  onChange,
  sizePlaceholder,
  errorOf,
}: PieceFieldsProps) {
  return (
    <>
      <SelectField
        label="Size"
        placeholder={sizePlaceholder}
        options={group.product.sizes.map((size) => ({ value: size, label: size }))}
        value={values.size}
        onChange={(event) => onChange({ ...values, size: event.target.value })}
        error={errorOf('size')}
      />
      {group.personalise ? (
        <>
          <TextField
            label="Name on the back"
            maxLength={12}
            value={values.playerName}
            onChange={(event) => onChange({ ...values, playerName: event.target.value })}
            error={errorOf('playerName')}
          />
          <TextField
            label="Number on the back"
            inputMode="numeric"
            value={values.number}
            onChange={(event) => onChange({ ...values, number: event.target.value })}
            error={errorOf('number')}
          />
        </>
      ) : null}
    </>
  );
}
