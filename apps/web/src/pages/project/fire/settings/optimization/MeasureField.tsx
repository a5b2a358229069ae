import type { ComponentProps } from 'react';
import { NumberField } from '../../../model/NumberField';

/** A number field with its unit (m, m², %) shown beside the input. */
export function MeasureField({ unit, ...field }: ComponentProps<typeof NumberField> & { unit?: string }) {
  return (
    <div className="measure-field">
      <NumberField {...field} />
      {unit !== undefined && <span className="measure-unit">{unit}</span>}
    </div>
  );
}
