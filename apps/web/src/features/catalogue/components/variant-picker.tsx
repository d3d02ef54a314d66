import type { Product } from '@urembo/contract/catalogue';
import { isShadeOption, valueAvailable } from '@urembo/contract/variants';
import { useT } from '../../../i18n/i18n';

/** The swatch colour of a shade: the first variant with that value that has one. */
function swatchOf(product: Pick<Product, 'variants'>, option: string, value: string): string | null {
  return product.variants.find((v) => v.options[option] === value && v.swatch)?.swatch ?? null;
}

/**
 * A product's options: round swatches for a shade (the shade's name is each swatch's accessible name and its
 * tooltip), chips for anything else (a size). A value that leads to no variant in stock, with the other choices
 * kept, is shown but disabled.
 */
export function VariantPicker({
  product,
  chosen,
  onChoose,
}: {
  product: Pick<Product, 'options' | 'variants'>;
  chosen: Record<string, string>;
  onChoose: (option: string, value: string) => void;
}) {
  const t = useT();
  return (
    <div className="space-y-4" data-testid="variant-picker">
      {product.options.map((option) => {
        const swatches =
          isShadeOption(option.name) && option.values.some((value) => swatchOf(product, option.name, value));
        return (
          <fieldset key={option.name} className="min-w-0">
            <legend className="text-sm font-semibold text-stone-700">
              {option.name}
              {chosen[option.name] ? (
                <span className="font-normal text-stone-600">: {chosen[option.name]}</span>
              ) : null}
            </legend>
            <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label={option.name}>
              {option.values.map((value) => {
                const selected = chosen[option.name] === value;
                const available = valueAvailable(product.variants, chosen, option.name, value);
                const label = available ? value : t('variant.out', { value });
                if (swatches) {
                  const colour = swatchOf(product, option.name, value) ?? '#e7e5e4';
                  return (
                    <button
                      key={value}
                      type="button"
                      aria-label={label}
                      title={label}
                      aria-pressed={selected}
                      disabled={!available}
                      onClick={() => onChoose(option.name, value)}
                      className={`relative h-11 w-11 rounded-full ring-offset-2 transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:cursor-not-allowed disabled:opacity-40 ${
                        selected ? 'ring-2 ring-brand-700' : 'ring-1 ring-stone-300 hover:ring-stone-500'
                      }`}
                      style={{ backgroundColor: colour }}
                    >
                      {available ? null : (
                        <span
                          aria-hidden="true"
                          className="absolute left-1/2 top-1/2 h-px w-12 -translate-x-1/2 -translate-y-1/2 rotate-45 bg-stone-700"
                        />
                      )}
                    </button>
                  );
                }
                return (
                  <button
                    key={value}
                    type="button"
                    aria-label={label}
                    title={available ? undefined : label}
                    aria-pressed={selected}
                    disabled={!available}
                    onClick={() => onChoose(option.name, value)}
                    className={`min-h-11 rounded-full px-4 text-sm font-medium transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:cursor-not-allowed disabled:text-stone-400 disabled:line-through ${
                      selected
                        ? 'bg-brand-700 text-white'
                        : 'bg-white text-stone-800 ring-1 ring-stone-300 hover:ring-stone-500'
                    }`}
                  >
                    {value}
                  </button>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
