import { useState } from 'react';
import { type FieldPath, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import {
  type AdminProduct,
  type AdminProductBody,
  AdminProductBodySchema,
  DEFAULT_CUSTOMISATION,
  DEFAULT_GST_RATES,
  DESIGN_SIDES,
  type DesignSide,
  defaultHsn,
  type GstRateSettings,
  gstRateBandWarning,
  isInGstRateBand,
  isSize,
  MOCKUP_SIZE_MM,
  PRICE_BREAK_LIMITS,
  rupeesToPaise,
  SIZES,
  type Size,
} from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import {
  CheckboxField,
  SelectField,
  TextAreaField,
  TextField,
} from '#web/components/ui/form-field.tsx';
import { paths } from '#web/config/paths.ts';
import { ApiError, getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useSaveAdminProduct } from '../api/admin-products.ts';
import { useCatalogueLists } from '../api/catalogue-lists.ts';
import { ImageManager, type ImageRef } from './image-manager.tsx';
import { type ChosenStyle, StylePicker } from './style-picker.tsx';

/** The form's own values: what the boxes hold, text until it is checked. */
export interface ProductFormValues {
  title: string;
  description: string;
  price: string;
  gender: string;
  category: string;
  /** The HSN code tax invoices print; empty takes the category's default. */
  hsn: string;
  isNew: boolean;
  /** The colour (decision 018): its name as the shop's filter lists it, and its #rrggbb. */
  colorName: string;
  colorHex: string;
  /** The style this colour belongs to; empty starts a style of its own. */
  styleId: string;
  /** Units per size; an empty box means the size is not sold. */
  stock: Record<Size, string>;
  /** Designs on the product (D27): print area per side in mock-up mm, decoration price per side. */
  customisable: boolean;
  /** Its photos show the bare garment the designer prints on (issue 28). */
  blank: boolean;
  printAreas: Record<DesignSide, Record<PrintAreaField, string>>;
  decorationPrice: Record<DesignSide, string>;
  /** Price by quantity (issue 29), shared by the style's colours: a row per break. */
  priceBreaks: { minQuantity: string; percentOff: string }[];
}

const PRINT_AREA_FIELDS = ['xMm', 'yMm', 'widthMm', 'heightMm'] as const;
type PrintAreaField = (typeof PRINT_AREA_FIELDS)[number];
const PRINT_AREA_LABELS: Record<PrintAreaField, string> = {
  xMm: 'Left (mm)',
  yMm: 'Top (mm)',
  widthMm: 'Width (mm)',
  heightMm: 'Height (mm)',
};
const SIDE_LABELS: Record<DesignSide, string> = { front: 'Front', back: 'Back' };

function toValues(product: AdminProduct | undefined): ProductFormValues {
  const stock = Object.fromEntries(
    SIZES.map((size) => [
      size,
      product?.sizes[size] === undefined ? '' : String(product.sizes[size]),
    ]),
  ) as Record<Size, string>;
  return {
    title: product?.title ?? '',
    description: product?.description ?? '',
    price: product ? String(product.price) : '',
    gender: product?.gender ?? '',
    category: product?.category ?? '',
    hsn: product?.hsn ?? '',
    isNew: product?.isNew ?? false,
    colorName: product?.color.name ?? '',
    colorHex: product?.color.hex ?? '#ffffff',
    styleId: product?.styleId ?? '',
    stock,
    ...customisationValues(product?.customisation ?? DEFAULT_CUSTOMISATION),
    priceBreaks: (product?.priceBreaks ?? []).map((priceBreak) => ({
      minQuantity: String(priceBreak.minQuantity),
      percentOff: String(priceBreak.percentOff),
    })),
  };
}

function customisationValues(
  customisation: AdminProduct['customisation'],
): Pick<ProductFormValues, 'customisable' | 'blank' | 'printAreas' | 'decorationPrice'> {
  const perSide = <T,>(make: (side: DesignSide) => T) =>
    Object.fromEntries(DESIGN_SIDES.map((side) => [side, make(side)])) as Record<DesignSide, T>;
  return {
    customisable: customisation.customisable,
    blank: customisation.blank,
    printAreas: perSide(
      (side) =>
        Object.fromEntries(
          PRINT_AREA_FIELDS.map((field) => [field, String(customisation.printAreas[side][field])]),
        ) as Record<PrintAreaField, string>,
    ),
    decorationPrice: perSide((side) => String(customisation.decorationPrice[side])),
  };
}

/** An edited product's own style as the style picker names it. */
const ownStyle = (product: AdminProduct | undefined): ChosenStyle | null =>
  product
    ? {
        styleId: product.styleId,
        title: product.title,
        colorNames: (product.colors.length > 0 ? product.colors : [product.color]).map(
          (color) => color.name,
        ),
      }
    : null;

/** A list's names as a select's options, with the product's own even before the list loads. */
const listOptions = (names: string[] | undefined, own: string) =>
  [...new Set([...(names ?? []), ...(own ? [own] : [])])].map((name) => ({
    value: name,
    label: name,
  }));

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The values as the API's body (checked with the contract's own schema). */
function toBody(values: ProductFormValues, images: ImageRef[]): unknown {
  const sizes: Partial<Record<Size, number>> = {};
  for (const size of SIZES) {
    if (values.stock[size].trim() !== '') sizes[size] = toNumber(values.stock[size]);
  }
  return {
    title: values.title,
    description: values.description,
    price: toNumber(values.price),
    gender: values.gender,
    category: values.category,
    hsn: values.hsn.trim() || defaultHsn(values.category),
    isNew: values.isNew,
    color: { name: values.colorName, hex: values.colorHex },
    styleId: values.styleId.trim() || undefined,
    sizes,
    imageIds: images.map((image) => image._id),
    customisation: {
      customisable: values.customisable,
      printAreas: Object.fromEntries(
        DESIGN_SIDES.map((side) => [
          side,
          Object.fromEntries(
            PRINT_AREA_FIELDS.map((field) => [field, toNumber(values.printAreas[side][field])]),
          ),
        ]),
      ),
      decorationPrice: Object.fromEntries(
        DESIGN_SIDES.map((side) => [side, toNumber(values.decorationPrice[side])]),
      ),
      blank: values.blank,
    },
    priceBreaks: values.priceBreaks.map((row) => ({
      minQuantity: toNumber(row.minQuantity),
      percentOff: toNumber(row.percentOff),
    })),
  };
}

const isSide = (value: string | undefined): value is DesignSide =>
  (DESIGN_SIDES as readonly (string | undefined)[]).includes(value);
const isPrintAreaField = (value: string | undefined): value is PrintAreaField =>
  (PRINT_AREA_FIELDS as readonly (string | undefined)[]).includes(value);

/** A body error's path as the form field it belongs to (`sizes.M` is the M stock box). */
function fieldOf(
  path: readonly PropertyKey[],
): FieldPath<ProductFormValues> | 'images' | 'priceBreaks' | null {
  const [head, size, side, field] = path.map(String);
  if (head === 'priceBreaks') {
    const row = Number(size);
    if (Number.isInteger(row) && (side === 'minQuantity' || side === 'percentOff')) {
      return `priceBreaks.${row}.${side}`;
    }
    return 'priceBreaks';
  }
  if (head === 'sizes' && size !== undefined && isSize(size)) return `stock.${size}`;
  if (head === 'customisation') {
    // `customisation.printAreas.front` (a refinement of the whole area) lands on its width.
    if (size === 'printAreas' && isSide(side)) {
      return `printAreas.${side}.${isPrintAreaField(field) ? field : 'widthMm'}`;
    }
    if (size === 'decorationPrice' && isSide(side)) return `decorationPrice.${side}`;
    return 'customisable';
  }
  if (head === 'imageIds') return 'images';
  if (head === 'color') return size === 'hex' ? 'colorHex' : 'colorName';
  if (head === 'styleId') return 'styleId';
  if (head && ['title', 'description', 'price', 'gender', 'category', 'hsn'].includes(head)) {
    return head as FieldPath<ProductFormValues>;
  }
  return null;
}

interface ProductFormProps {
  /** The product to edit; a new one without it. */
  product?: AdminProduct;
  /** After the save, with the product as the server saved it (already in the cache). */
  onSaved?: (product: AdminProduct) => void;
  /** The owner's GST rates, for the warning on a price that fits neither (the law's until loaded). */
  gstRates?: GstRateSettings;
}

/** The GST band warning for the price typed, or null (decision 042). */
function priceBandWarning(price: string, rates: GstRateSettings): string | null {
  const rupees = toNumber(price);
  if (!Number.isFinite(rupees)) return null;
  return isInGstRateBand(rupeesToPaise(rupees), rates) ? gstRateBandWarning(rates) : null;
}

const listsHint = (
  <>
    From the shop&apos;s lists:{' '}
    <Link to={paths.adminCatalogueLists()} className="font-semibold text-brand-700 underline">
      add or rename
    </Link>
  </>
);

/** Create or edit a product: details, price in ₹, stock per size and images. */
export function ProductForm({ product, onSaved, gstRates = DEFAULT_GST_RATES }: ProductFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormValues>({ defaultValues: toValues(product) });
  const lists = useCatalogueLists();
  const [chosenStyle, setChosenStyle] = useState<ChosenStyle | null>(ownStyle(product));
  const [price = '', category = '', gender = '', customisable = false] = useWatch({
    control,
    name: ['price', 'category', 'gender', 'customisable'],
  });
  const bandWarning = priceBandWarning(price, gstRates);
  const [images, setImages] = useState<ImageRef[]>(product?.images ?? []);
  const [imagesError, setImagesError] = useState<string | null>(null);
  const [priceBreaksError, setPriceBreaksError] = useState<string | null>(null);
  const breakRows = useFieldArray({ control, name: 'priceBreaks' });
  const save = useSaveAdminProduct(product?._id ?? null);

  const placeError = (path: readonly PropertyKey[], message: string, first: boolean) => {
    const field = fieldOf(path);
    if (field === 'images') setImagesError(message);
    else if (field === 'priceBreaks') setPriceBreaksError(message);
    else if (field) setError(field, { type: 'check', message }, { shouldFocus: first });
    return field !== null;
  };

  const onSubmit = handleSubmit(async (values) => {
    setImagesError(null);
    setPriceBreaksError(null);
    const parsed = AdminProductBodySchema.safeParse(toBody(values, images));
    if (!parsed.success) {
      parsed.error.issues.forEach((issue, index) => {
        placeError(issue.path, issue.message, index === 0);
      });
      return;
    }
    const body: AdminProductBody = parsed.data;
    try {
      const saved = await save.mutateAsync(body);
      toast.success(product ? 'Product saved' : 'Product created');
      onSaved?.(saved);
    } catch (error) {
      const placed =
        error instanceof ApiError
          ? error.fieldErrors.filter((fieldError, index) =>
              placeError(fieldError.field.split('.'), fieldError.message, index === 0),
            ).length
          : 0;
      if (placed === 0) toast.error(getErrorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <div className="grid gap-4 rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6">
        <TextField
          label="Title"
          className="sm:col-span-2"
          error={errors.title?.message}
          {...register('title')}
        />
        <TextAreaField
          label="Description"
          className="sm:col-span-2"
          error={errors.description?.message}
          {...register('description')}
        />
        <TextField
          label="Price (₹)"
          inputMode="decimal"
          hint={
            bandWarning ? (
              <span role="status" className="font-medium text-amber-800">
                {bandWarning}
              </span>
            ) : (
              'Including GST'
            )
          }
          error={errors.price?.message}
          {...register('price')}
        />
        <div className="flex items-end pb-2.5">
          <CheckboxField label="Mark as new" {...register('isNew')} />
        </div>
        {/* Controlled: the options come after the form's values, and the select must keep its value. */}
        <SelectField
          value={gender}
          label="Gender"
          placeholder="Choose a gender"
          options={listOptions(
            lists.data?.genders.map((entry) => entry.name),
            product?.gender ?? '',
          )}
          hint={listsHint}
          error={errors.gender?.message}
          {...register('gender')}
        />
        <SelectField
          value={category}
          label="Category"
          placeholder="Choose a category"
          options={listOptions(
            lists.data?.categories.map((entry) => entry.name),
            product?.category ?? '',
          )}
          hint={listsHint}
          error={errors.category?.message}
          {...register('category')}
        />
        <TextField
          label="HSN code"
          inputMode="numeric"
          hint={`Printed on tax invoices; empty: the category's, ${defaultHsn(category)}`}
          error={errors.hsn?.message}
          {...register('hsn')}
        />
        <div className="hidden sm:block" />
        <TextField
          label="Colour name"
          hint="As the shop's colour filter shows it, e.g. Navy"
          error={errors.colorName?.message}
          {...register('colorName')}
        />
        <TextField
          label="Colour"
          type="color"
          hint="The swatch shoppers pick"
          error={errors.colorHex?.message}
          {...register('colorHex')}
        />
        <StylePicker
          value={chosenStyle}
          initial={ownStyle(product)}
          onChange={(style) => {
            setChosenStyle(style);
            setValue('styleId', style?.styleId ?? '');
          }}
          error={errors.styleId?.message}
        />
      </div>

      <fieldset className="rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:p-6">
        <legend className="px-1 text-sm font-medium text-ink-800">Stock per size</legend>
        <p className="text-xs text-ink-600">Leave a size empty when it is not sold.</p>
        <div className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-6">
          {SIZES.map((size) => (
            <TextField
              key={size}
              label={`Stock ${size}`}
              inputMode="numeric"
              error={errors.stock?.[size]?.message}
              {...register(`stock.${size}`)}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className="rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:p-6">
        <legend className="px-1 text-sm font-medium text-ink-800">Customisation</legend>
        <CheckboxField
          label="Customisable (shoppers can design on it)"
          {...register('customisable')}
        />
        {customisable ? (
          <div className="mt-2">
            <CheckboxField
              label="Photos show the blank garment (no print)"
              {...register('blank')}
            />
            <p className="mt-1 text-xs text-ink-600">
              Unticked, the product page and the designer say the print in the photos is not
              included: the designer prints on the blank garment of this colour.
            </p>
          </div>
        ) : null}
        <p className="mt-2 text-xs text-ink-600">
          Print areas sit on the {MOCKUP_SIZE_MM.widthMm} × {MOCKUP_SIZE_MM.heightMm} mm garment
          mock-up, measured from its top-left corner. Each printed side adds its decoration price.
        </p>
        {DESIGN_SIDES.map((side) => (
          <fieldset key={side} className="mt-4">
            <legend className="text-sm font-semibold text-ink-900">{SIDE_LABELS[side]}</legend>
            <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-5">
              {PRINT_AREA_FIELDS.map((field) => (
                <TextField
                  key={field}
                  label={`${SIDE_LABELS[side]} ${PRINT_AREA_LABELS[field].toLowerCase()}`}
                  inputMode="decimal"
                  error={errors.printAreas?.[side]?.[field]?.message}
                  {...register(`printAreas.${side}.${field}`)}
                />
              ))}
              <TextField
                label={`${SIDE_LABELS[side]} decoration price (₹)`}
                inputMode="decimal"
                error={errors.decorationPrice?.[side]?.message}
                {...register(`decorationPrice.${side}`)}
              />
            </div>
          </fieldset>
        ))}
      </fieldset>

      <fieldset className="rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:p-6">
        <legend className="px-1 text-sm font-medium text-ink-800">Price breaks</legend>
        <p className="text-xs text-ink-600">
          A percentage off each piece once a shopper buys this many of the style with one design (or
          plain), across sizes and colours. Every colour of this style shares these breaks: saving
          them here changes them for all its colours.
        </p>
        <ul className="mt-3 space-y-3">
          {breakRows.fields.map((row, index) => (
            <li key={row.id} className="flex items-end gap-3">
              <TextField
                label={`Break ${index + 1}: from pieces`}
                inputMode="numeric"
                error={errors.priceBreaks?.[index]?.minQuantity?.message}
                {...register(`priceBreaks.${index}.minQuantity`)}
              />
              <TextField
                label={`Break ${index + 1}: % off`}
                inputMode="numeric"
                error={errors.priceBreaks?.[index]?.percentOff?.message}
                {...register(`priceBreaks.${index}.percentOff`)}
              />
              <button
                type="button"
                onClick={() => breakRows.remove(index)}
                className={buttonStyles({ variant: 'outline' })}
              >
                Remove<span className="sr-only"> break {index + 1}</span>
              </button>
            </li>
          ))}
        </ul>
        {priceBreaksError ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700">
            {priceBreaksError}
          </p>
        ) : null}
        {breakRows.fields.length < PRICE_BREAK_LIMITS.breaks ? (
          <button
            type="button"
            onClick={() => breakRows.append({ minQuantity: '', percentOff: '' })}
            className={buttonStyles({ variant: 'outline', className: 'mt-3' })}
          >
            Add a price break
          </button>
        ) : null}
      </fieldset>

      <div className="rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:p-6">
        <ImageManager images={images} onChange={setImages} />
        {imagesError ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700">
            {imagesError}
          </p>
        ) : null}
      </div>

      <button type="submit" disabled={isSubmitting} className={buttonStyles({ size: 'lg' })}>
        {isSubmitting ? 'Saving…' : product ? 'Save product' : 'Create product'}
      </button>
    </form>
  );
}
