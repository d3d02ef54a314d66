import { VARIANT_LIMITS, type Product, type VariantInput } from '@urembo/contract/catalogue';
import { describeOptions, isShadeOption } from '@urembo/contract/variants';
import { useId, useState } from 'react';

/** One option as the form edits it: its values as the admin types them, comma-separated. */
export interface OptionValues {
  name: string;
  values: string;
}

/** One variant as the form edits it (text fields, as typed). `image` is a picture's URL, "#N" for a new one, or ''. */
export interface VariantValues {
  sku: string;
  options: Record<string, string>;
  price: string;
  compareAtPrice: string;
  stock: string;
  image: string;
  swatch: string;
}

export function splitValues(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(',')) {
    const value = raw.trim().replace(/\s+/g, ' ');
    if (!value || seen.has(value.toLowerCase())) continue;
    seen.add(value.toLowerCase());
    out.push(value);
  }
  return out;
}

/** The options and variants of a product, as the form opens them. */
export function variantValuesOf(product: Pick<Product, 'options' | 'variants'>): {
  options: OptionValues[];
  variants: VariantValues[];
} {
  return {
    options: product.options.map((o) => ({ name: o.name, values: o.values.join(', ') })),
    variants: product.variants.map((v) => ({
      sku: v.sku,
      options: v.options,
      price: String(v.price),
      compareAtPrice: v.compareAtPrice === null ? '' : String(v.compareAtPrice),
      stock: v.stock === null ? '' : String(v.stock),
      image: v.image ?? '',
      swatch: v.swatch ?? '',
    })),
  };
}

/** The request's options and variants; a new picture is named by its index among the product's pictures. */
export function variantBody(
  options: OptionValues[],
  variants: VariantValues[],
  existingImages: string[],
): { options: { name: string; values: string[] }[]; variants: VariantInput[] } {
  const named = options.filter((o) => o.name.trim() !== '');
  return {
    options: named.map((o) => ({ name: o.name.trim(), values: splitValues(o.values) })),
    variants:
      named.length === 0
        ? []
        : variants.map((v) => ({
            sku: v.sku.trim(),
            options: v.options,
            price: v.price.trim() === '' ? (undefined as unknown as number) : Number(v.price.trim()),
            compareAtPrice: v.compareAtPrice.trim() === '' ? null : Number(v.compareAtPrice.trim()),
            stock: v.stock.trim(),
            image: v.image.startsWith('#')
              ? existingImages.length + Number(v.image.slice(1))
              : v.image || null,
            swatch: v.swatch.trim() || null,
          })),
  };
}

function skuPart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toUpperCase();
}

/**
 * Every combination of the options' values, in order; a combination already in the list keeps its row (SKU,
 * prices, stock), a new one gets a SKU from the product's name and its values and the given price.
 */
export function generateCombinations(
  options: OptionValues[],
  current: VariantValues[],
  productName: string,
  price: string,
): VariantValues[] {
  const named = options.filter((o) => o.name.trim() !== '' && splitValues(o.values).length > 0);
  if (named.length === 0) return [];
  let combos: Record<string, string>[] = [{}];
  for (const option of named) {
    combos = combos.flatMap((combo) =>
      splitValues(option.values).map((value) => ({ ...combo, [option.name.trim()]: value })),
    );
  }
  const key = (o: Record<string, string>) =>
    named.map((option) => (o[option.name.trim()] ?? '').toLowerCase()).join('\u0000');
  const existing = new Map(current.map((v) => [key(v.options), v]));
  const prefix =
    skuPart(productName)
      .split('-')
      .map((w) => w.slice(0, 3))
      .join('')
      .slice(0, 8) || 'SKU';
  return combos.slice(0, VARIANT_LIMITS.variants).map((combo) => {
    const kept = existing.get(key(combo));
    if (kept) return { ...kept, options: combo };
    return {
      sku: `${prefix}-${Object.values(combo).map(skuPart).join('-')}`.slice(0, VARIANT_LIMITS.sku),
      options: combo,
      price,
      compareAtPrice: '',
      stock: '',
      image: '',
      swatch: '',
    };
  });
}

/**
 * The product form's variants: options and their values, "Generate combinations", then a row per variant to
 * edit its SKU, price, earlier price, stock, picture and swatch, with a bulk price and stock for all rows. Rows
 * are a grid of labelled fields: one line on a laptop, a small card on a phone.
 */
export function VariantsEditor({
  options,
  variants,
  onChange,
  productName,
  price,
  pictures,
  error,
}: {
  options: OptionValues[];
  variants: VariantValues[];
  onChange: (next: { options: OptionValues[]; variants: VariantValues[] }) => void;
  productName: string;
  /** The form's price, given to new combinations. */
  price: string;
  /** The pictures a variant may show: [value, label] (an existing URL, or "#N" for a new picture). */
  pictures: [string, string][];
  error?: string | undefined;
}) {
  const id = useId();
  const [bulkPrice, setBulkPrice] = useState('');
  const [bulkStock, setBulkStock] = useState('');
  const hasSwatches = options.some((o) => isShadeOption(o.name));
  const setOption = (i: number, change: Partial<OptionValues>) =>
    onChange({ options: options.map((o, j) => (j === i ? { ...o, ...change } : o)), variants });
  const setVariant = (i: number, change: Partial<VariantValues>) =>
    onChange({ options, variants: variants.map((v, j) => (j === i ? { ...v, ...change } : v)) });
  const setAll = (change: Partial<VariantValues>) =>
    onChange({ options, variants: variants.map((v) => ({ ...v, ...change })) });

  return (
    <fieldset
      className="min-w-0 rounded-2xl p-4 ring-1 ring-stone-200 sm:col-span-2"
      data-testid="variants-editor"
    >
      <legend className="px-1 text-sm font-semibold text-stone-700">Shades, sizes and other options</legend>
      <p className="text-xs text-stone-600">
        Up to {VARIANT_LIMITS.options} options (e.g. Shade, Size). Each combination sold is a variant with its
        own SKU, price and stock.
      </p>
      <ul className="mt-3 space-y-2">
        {options.map((option, i) => (
          <li key={i} className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[12rem_1fr_auto]">
            <input
              className="input"
              aria-label={`Option ${i + 1} name`}
              placeholder="Shade"
              value={option.name}
              onChange={(e) => setOption(i, { name: e.target.value })}
            />
            <input
              className="input col-span-2 row-start-2 sm:col-span-1 sm:row-start-auto"
              aria-label={`Option ${i + 1} values`}
              placeholder="Mocha, Rose, Berry"
              value={option.values}
              onChange={(e) => setOption(i, { values: e.target.value })}
            />
            <button
              type="button"
              className="btn-ghost px-3 text-stone-600"
              aria-label={`Remove option ${i + 1}`}
              onClick={() => onChange({ options: options.filter((_, j) => j !== i), variants })}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-outline px-3 py-2 text-sm"
          disabled={options.length >= VARIANT_LIMITS.options}
          onClick={() => onChange({ options: [...options, { name: '', values: '' }], variants })}
        >
          Add an option
        </button>
        <button
          type="button"
          className="btn-primary px-3 py-2 text-sm"
          disabled={options.length === 0}
          onClick={() =>
            onChange({ options, variants: generateCombinations(options, variants, productName, price) })
          }
        >
          Generate combinations
        </button>
      </div>
      {variants.length > 0 ? (
        <>
          <div className="mt-4 flex flex-wrap items-end gap-2 rounded-xl bg-stone-50 p-3">
            <label className="text-xs font-medium text-stone-600">
              Price for all
              <input
                className="input mt-1 w-28"
                inputMode="numeric"
                value={bulkPrice}
                onChange={(e) => setBulkPrice(e.target.value)}
              />
            </label>
            <button
              type="button"
              className="btn-outline px-3 py-2 text-sm"
              disabled={bulkPrice.trim() === ''}
              onClick={() => setAll({ price: bulkPrice.trim() })}
            >
              Set price
            </button>
            <label className="text-xs font-medium text-stone-600">
              Stock for all
              <input
                className="input mt-1 w-28"
                inputMode="numeric"
                value={bulkStock}
                onChange={(e) => setBulkStock(e.target.value)}
              />
            </label>
            <button
              type="button"
              className="btn-outline px-3 py-2 text-sm"
              onClick={() => setAll({ stock: bulkStock.trim() })}
            >
              Set stock
            </button>
          </div>
          <ul className="mt-3 divide-y divide-stone-100" aria-label="Variants">
            {variants.map((v, i) => {
              const name = describeOptions(v.options);
              const field = (label: string) => `${label} of ${name}`;
              return (
                <li
                  key={`${i}-${name}`}
                  className="grid grid-cols-2 gap-2 py-3 sm:grid-cols-4 sm:items-center"
                >
                  <p className="col-span-2 text-sm font-semibold text-ink sm:col-span-4">{name}</p>
                  <input
                    className="input col-span-2 sm:col-span-1"
                    aria-label={field('SKU')}
                    placeholder="SKU"
                    value={v.sku}
                    onChange={(e) => setVariant(i, { sku: e.target.value })}
                  />
                  <input
                    className="input"
                    inputMode="numeric"
                    aria-label={field('Price')}
                    placeholder="Price"
                    value={v.price}
                    onChange={(e) => setVariant(i, { price: e.target.value })}
                  />
                  <input
                    className="input"
                    inputMode="numeric"
                    aria-label={field('Earlier price')}
                    placeholder="Was"
                    value={v.compareAtPrice}
                    onChange={(e) => setVariant(i, { compareAtPrice: e.target.value })}
                  />
                  <input
                    className="input"
                    inputMode="numeric"
                    aria-label={field('Stock')}
                    placeholder="Stock"
                    value={v.stock}
                    onChange={(e) => setVariant(i, { stock: e.target.value })}
                  />
                  <select
                    className="input sm:col-span-2"
                    aria-label={field('Picture')}
                    value={v.image}
                    onChange={(e) => setVariant(i, { image: e.target.value })}
                  >
                    <option value="">No picture</option>
                    {pictures.map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </select>
                  {hasSwatches ? (
                    <span className="flex items-center gap-1 sm:col-span-2">
                      <input
                        type="color"
                        id={`${id}-swatch-${i}`}
                        className="h-10 w-10 shrink-0 cursor-pointer rounded-full border-0 bg-transparent p-0"
                        aria-label={field('Swatch')}
                        value={v.swatch || '#cccccc'}
                        onChange={(e) => setVariant(i, { swatch: e.target.value.toUpperCase() })}
                      />
                      {v.swatch ? (
                        <button
                          type="button"
                          className="text-xs text-stone-600 hover:underline"
                          onClick={() => setVariant(i, { swatch: '' })}
                          aria-label={`No swatch for ${name}`}
                        >
                          Clear
                        </button>
                      ) : null}
                    </span>
                  ) : (
                    <span className="hidden sm:col-span-2 sm:block" />
                  )}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {error ? (
        <p className="mt-2 text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
