import { useState } from 'react';
import { MODEL_FIELD_ATTRIBUTE } from '../../../state/shortcuts';

/** P§5: a number input clamps to its min and max, and rounds when it has no decimals. */
export function clampNumber(value: number, opts: { min?: number; max?: number; decimals?: number }): number {
  let next = value;
  if (opts.min !== undefined) next = Math.max(opts.min, next);
  if (opts.max !== undefined) next = Math.min(opts.max, next);
  if (opts.decimals === 0) next = Math.round(next);
  return next;
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
}

/** Typing is free; leaving the field or Enter commits the clamped value (an unreadable entry goes back to the value). */
export function NumberField({ label, value, onCommit, min, max, decimals }: NumberFieldProps) {
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
        step={decimals === 0 ? 1 : 'any'}
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
