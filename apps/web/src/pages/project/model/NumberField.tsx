import { useState } from 'react';
import { MODEL_FIELD_ATTRIBUTE } from '../../../state/shortcuts';

/**
 * P§5: a number input clamps to its min and max, and rounds when it has no decimals; with N decimals
 * (F§5: cross section 2, resistance 3, …) it rounds to N. Without `decimals` the value is kept as typed.
 */
export function clampNumber(value: number, opts: { min?: number; max?: number; decimals?: number }): number {
  let next = value;
  if (opts.min !== undefined) next = Math.max(opts.min, next);
  if (opts.max !== undefined) next = Math.min(opts.max, next);
  if (opts.decimals === 0) next = Math.round(next);
  else if (opts.decimals !== undefined) next = roundTo(next, opts.decimals);
  return next;
}

/** `value` rounded half away from zero to `decimals` places, in decimal (1.005 -> 1.01, not 1.00). */
function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  // Shifting the decimal point in the text keeps 1.005 at 100.5 (times 100 gives 100.49999…).
  const shifted = Number(`${Math.abs(value)}e${decimals}`);
  const rounded = Math.round(Number.isFinite(shifted) ? shifted : Math.abs(value) * factor) / factor;
  return Math.sign(value) * rounded || 0;
}

/** An angle in whole degrees, 0 to 359 (P§5). */
export const ANGLE = { min: 0, max: 359, decimals: 0 } as const;

interface NumberFieldProps {
  label: string;
  value: number;
  onCommit: (value: number) => void;
  min?: number;
  max?: number;
  decimals?: number;
  disabled?: boolean;
}

/** Typing is free; leaving the field or Enter commits the clamped value (an unreadable entry goes back to the value). */
export function NumberField({ label, value, onCommit, min, max, decimals, disabled }: NumberFieldProps) {
  const [text, setText] = useState<string | null>(null);
  const commit = () => {
    if (text === null) return;
    const parsed = Number(text.replace(',', '.'));
    setText(null);
    if (text.trim() === '' || !Number.isFinite(parsed)) return;
    const next = clampNumber(parsed, { min, max, decimals });
    if (next !== value) onCommit(next);
  };
  return (
    <label className="field">
      <span>{label}</span>
      <input
        {...{ [MODEL_FIELD_ATTRIBUTE]: '' }}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={decimals === 0 ? 1 : decimals !== undefined ? 10 ** -decimals : 'any'}
        disabled={disabled}
        value={text ?? String(value)}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
          if (event.key === 'Escape') setText(null);
        }}
      />
    </label>
  );
}
