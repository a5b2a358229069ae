import { MODEL_FIELD_ATTRIBUTE } from '../../../../../state/shortcuts';

/** Marks a text input bound to the model: ctrl/cmd+Z in it undoes model edits (docs/editing.md). */
const modelField = { [MODEL_FIELD_ATTRIBUTE]: '' };

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A few lines of text (descriptions, notes). */
  multiline?: boolean;
  disabled?: boolean;
}

/** A text field of the model: every keystroke is an edit (batched into one undo step while typing). */
export function TextField({ label, value, onChange, multiline, disabled }: TextFieldProps) {
  return (
    <label className={multiline ? 'field field-multiline' : 'field'}>
      <span>{label}</span>
      {multiline ? (
        <textarea {...modelField} rows={3} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...modelField} autoComplete="off" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)} />
      )}
    </label>
  );
}

/** A date (YYYY-MM-DD) of the model, '' for none. */
export function DateField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="field">
      <span>{label}</span>
      <input {...modelField} type="date" value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

/** A yes/no field of the model. */
export function CheckField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="check">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

interface SelectFieldProps<T extends string> {
  label: string;
  value: T;
  options: readonly T[];
  /** How an option is named on screen; the option itself if not given. */
  labels?: Readonly<Record<T, string>>;
  onChange: (value: T) => void;
}

/** One of an enumeration of the model. */
export function SelectField<T extends string>({ label, value, options, labels, onChange }: SelectFieldProps<T>) {
  return (
    <label className="field">
      <span>{label}</span>
      <select value={value} onChange={(event) => onChange(options.find((option) => option === event.target.value) ?? value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels?.[option] ?? option}
          </option>
        ))}
      </select>
    </label>
  );
}
