import { useId } from 'react';
import { formatKsh } from '@urembo/contract/money';
import { useShippingList } from '../../../app/data/shipping';
import { useT } from '../../../i18n/i18n';

export interface PlaceNames {
  country: string;
  county: string;
  town: string;
  location: string;
}

interface Option {
  _id: string;
  name: string;
  shippingFee?: number;
}

function PlaceSelect({
  label,
  value,
  options,
  onChange,
  waitingFor,
  isLoading,
  isError,
  error,
  describe,
}: {
  label: string;
  value: string;
  options: Option[] | undefined;
  onChange: (name: string) => void;
  /** The level to choose first (the select stays disabled until then). */
  waitingFor?: 'country' | 'county' | 'town' | undefined;
  isLoading: boolean;
  isError: boolean;
  error?: string | undefined;
  describe?: (option: Option) => string;
}) {
  const t = useT();
  const id = useId();
  // A name the list does not hold (renamed or removed by the shop) shows as "not chosen".
  const current = options?.some((o) => o.name === value) ? value : '';
  const placeholder = waitingFor
    ? t(`place.first.${waitingFor}`)
    : isLoading
      ? t('place.loading')
      : isError
        ? t('place.loadFailed', { label: label.toLowerCase() })
        : options && options.length === 0
          ? t('place.none', { label: label.toLowerCase() })
          : t('place.select', { label: label.toLowerCase() });
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-700">
        {label}
      </label>
      <select
        id={id}
        className={`input appearance-none bg-[length:20px] bg-[right_0.75rem_center] bg-no-repeat pr-10 ${error ? 'border-red-400' : ''} disabled:bg-stone-50 disabled:text-stone-400`}
        style={{
          backgroundImage:
            "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%238a2c4f' stroke-width='2'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E\")",
        }}
        value={current}
        disabled={!!waitingFor || isLoading || !options || options.length === 0}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{placeholder}</option>
        {options?.map((o) => (
          <option key={o._id} value={o.name}>
            {describe ? describe(o) : o.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Country → County → Town → Location as cascading selects fed by the shop's delivery geography:
 * choosing a level loads the next one and clears the levels below it. Locations show their delivery fee.
 */
export function PlacePicker({
  value,
  onChange,
  errors = {},
}: {
  value: PlaceNames;
  onChange: (next: PlaceNames) => void;
  errors?: Partial<Record<keyof PlaceNames, string>>;
}) {
  const t = useT();
  const countries = useShippingList('countries', undefined);
  const countryId = countries.data?.find((c) => c.name === value.country)?._id;
  const counties = useShippingList('counties', countryId);
  const countyId = counties.data?.find((c) => c.name === value.county)?._id;
  const towns = useShippingList('towns', countyId);
  const townId = towns.data?.find((town) => town.name === value.town)?._id;
  const locations = useShippingList('locations', townId);
  const chosen = locations.data?.find((l) => l.name === value.location);

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <PlaceSelect
        label={t('place.country')}
        value={value.country}
        options={countries.data}
        isLoading={countries.isLoading}
        isError={countries.isError}
        error={errors.country}
        onChange={(country) => onChange({ country, county: '', town: '', location: '' })}
      />
      <PlaceSelect
        label={t('place.county')}
        value={value.county}
        options={counties.data}
        waitingFor={countryId ? undefined : 'country'}
        isLoading={counties.isLoading}
        isError={counties.isError}
        error={errors.county}
        onChange={(county) => onChange({ ...value, county, town: '', location: '' })}
      />
      <PlaceSelect
        label={t('place.town')}
        value={value.town}
        options={towns.data}
        waitingFor={countyId ? undefined : 'county'}
        isLoading={towns.isLoading}
        isError={towns.isError}
        error={errors.town}
        onChange={(town) => onChange({ ...value, town, location: '' })}
      />
      <PlaceSelect
        label={t('place.location')}
        value={value.location}
        options={locations.data}
        waitingFor={townId ? undefined : 'town'}
        isLoading={locations.isLoading}
        isError={locations.isError}
        error={errors.location}
        describe={(o) => `${o.name} (${formatKsh(o.shippingFee ?? 0)})`}
        onChange={(location) => onChange({ ...value, location })}
      />
      {chosen ? (
        <p className="text-sm text-stone-600 sm:col-span-2" data-testid="delivery-fee">
          {t('place.fee', { place: chosen.name })}{' '}
          <strong className="text-brand-700">{formatKsh(chosen.shippingFee)}</strong>
        </p>
      ) : null}
    </div>
  );
}
