import { useState, type ReactNode } from 'react';
import type { BuiltinProperties, Electrical, PsuProperties, RackSize } from '@edrf/model';
import { MODEL_FIELD_ATTRIBUTE } from '../../../../../state/shortcuts';
import { NumberField, clampNumber } from '../../../model/NumberField';
import type { NumberRule } from './number-rules';
import { COUNT, CURRENT, NON_NEGATIVE, RACK_SIZE, VOLTAGE } from './number-rules';

/**
 * The field editors the product kinds share: text, choice and flag fields that write as they change, number
 * fields that write on blur or Enter (NumberField, with F§5's rules), and the groups several kinds have
 * (rack size, electrical data, PSU properties, built-in capacities).
 */

const modelField = { [MODEL_FIELD_ATTRIBUTE]: '' };

export function TextField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="field">
      <span>{label}</span>
      <input {...modelField} autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  /** Value -> label, in the order shown. */
  options: Readonly<Record<T, string>>;
  onChange: (value: T) => void;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value as T)}>
        {(Object.entries(options) as [T, string][]).map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

export function CheckField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="check">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

/** What has been typed into an optional number field and not committed; `bad` when the browser could not read it. */
type Typed = { text: string; bad: boolean } | null;

/**
 * A number that may be unset (a central's loop limits): like NumberField it commits on blur or Enter, clamped and
 * rounded by its rule, and Escape or an unreadable entry goes back to the value; an empty field commits null, shown
 * empty with the placeholder ('not checked').
 */
export function OptionalNumberField({
  label,
  value,
  placeholder,
  rule,
  onCommit,
}: {
  label: string;
  value: number | null;
  placeholder: string;
  rule: NumberRule;
  onCommit: (value: number | null) => void;
}) {
  const [typed, setTyped] = useState<Typed>(null);
  const commit = () => {
    if (typed === null) return;
    setTyped(null);
    if (typed.bad) return;
    if (typed.text.trim() === '') {
      if (value !== null) onCommit(null);
      return;
    }
    const parsed = Number(typed.text.replace(',', '.'));
    if (!Number.isFinite(parsed)) return;
    const next = clampNumber(parsed, rule);
    if (next !== value) onCommit(next);
  };
  const { min, max, decimals } = rule;
  return (
    <label className="field">
      <span>{label}</span>
      <input
        {...modelField}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={decimals === 0 ? 1 : decimals !== undefined ? 10 ** -decimals : 'any'}
        placeholder={placeholder}
        value={typed?.text ?? (value === null ? '' : String(value))}
        // A number input reads '' for text it cannot parse ('1e'): that is not a cleared field.
        onChange={(event) => setTyped({ text: event.target.value, bad: event.target.validity?.badInput === true })}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
          if (event.key === 'Escape') setTyped(null);
        }}
      />
    </label>
  );
}

/** A titled group of fields in the side panel. */
export function FieldGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="hardware-group">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

/** Width and height in rack units: integers, min 1 (F§5). */
export function RackSizeFields({ value, onChange }: { value: RackSize; onChange: (value: RackSize) => void }) {
  return (
    <div className="hardware-pair">
      <NumberField label="Rack width" value={value[0]} {...RACK_SIZE} onCommit={(width) => onChange([width, value[1]])} />
      <NumberField label="Rack height" value={value[1]} {...RACK_SIZE} onCommit={(height) => onChange([value[0], height])} />
    </div>
  );
}

/** Operating voltages (1 decimal) and currents (3 decimals), min 0 (F§5). */
export function ElectricalFields({ value, onChange }: { value: Electrical; onChange: (value: Electrical) => void }) {
  const set = (field: keyof Electrical) => (next: number) => onChange({ ...value, [field]: next });
  return (
    <FieldGroup title="Electrical">
      <div className="hardware-pair">
        <NumberField label="Min voltage (V)" value={value.min_voltage} {...VOLTAGE} onCommit={set('min_voltage')} />
        <NumberField label="Max voltage (V)" value={value.max_voltage} {...VOLTAGE} onCommit={set('max_voltage')} />
      </div>
      <div className="hardware-pair">
        <NumberField label="Min current (mA)" value={value.min_milliamperes} {...CURRENT} onCommit={set('min_milliamperes')} />
        <NumberField label="Max current (mA)" value={value.max_milliamperes} {...CURRENT} onCommit={set('max_milliamperes')} />
      </div>
    </FieldGroup>
  );
}

/** A power supply's or a central's built-in PSU: voltage (1 decimal), ampere hours and life in years (min 0). */
export function PsuFields({ value, onChange }: { value: PsuProperties; onChange: (value: PsuProperties) => void }) {
  const set = (field: keyof PsuProperties) => (next: number) => onChange({ ...value, [field]: next });
  return (
    <>
      <NumberField label="Voltage (V)" value={value.voltage} {...VOLTAGE} onCommit={set('voltage')} />
      <div className="hardware-pair">
        <NumberField label="Ampere hours (Ah)" value={value.ampere_hours} {...NON_NEGATIVE} onCommit={set('ampere_hours')} />
        <NumberField label="Life (years)" value={value.life_years} {...NON_NEGATIVE} onCommit={set('life_years')} />
      </div>
    </>
  );
}

const BUILTIN_LABELS: Readonly<Record<keyof BuiltinProperties, string>> = {
  num_routes: 'Routes',
  num_annunciators: 'Annunciators',
  num_relays: 'Relays',
  num_sub_centrals: 'Sub-centrals',
  psu: 'PSUs',
};

/** A central's built-in capacities, or what an extension adds: counts, integers min 0 (F§5). */
export function BuiltinFields({
  title,
  value,
  onChange,
}: {
  title: string;
  value: BuiltinProperties;
  onChange: (value: BuiltinProperties) => void;
}) {
  return (
    <FieldGroup title={title}>
      <div className="hardware-counts">
        {(Object.entries(BUILTIN_LABELS) as [keyof BuiltinProperties, string][]).map(([field, label]) => (
          <NumberField
            key={field}
            label={label}
            value={value[field]}
            {...COUNT}
            onCommit={(next) => onChange({ ...value, [field]: next })}
          />
        ))}
      </div>
    </FieldGroup>
  );
}
