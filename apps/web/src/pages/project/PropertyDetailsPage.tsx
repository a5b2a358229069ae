import type { Config } from '@edrf/model';
import { useModelEdit, useProjectState } from '../../state/use-project';
import { MODEL_FIELD_ATTRIBUTE } from '../../state/shortcuts';

type PropertyField = keyof Pick<Config, 'name' | 'address' | 'owner' | 'owner_address' | 'tenant'>;

/** P§2 'Property details': the property fields of model.config. */
export const PROPERTY_FIELDS: { key: PropertyField; label: string }[] = [
  { key: 'name', label: 'Property Name' },
  { key: 'address', label: 'Property Address' },
  { key: 'owner', label: 'Owner' },
  { key: 'owner_address', label: 'Owner Address' },
  { key: 'tenant', label: 'Tenant' },
];

/** /project/{id}/settings: every keystroke is an edit of the model (batched into one undo step while typing). */
export function PropertyDetailsPage() {
  const { model } = useProjectState();
  const edit = useModelEdit();
  return (
    <section className="page">
      <header className="page-header">
        <h1>Property details</h1>
      </header>
      <div className="card property-form">
        {PROPERTY_FIELDS.map((field) => (
          <label key={field.key} className="field">
            <span>{field.label}</span>
            <input
              {...{ [MODEL_FIELD_ATTRIBUTE]: '' }}
              autoComplete="off"
              value={model.config[field.key]}
              onChange={(event) => edit([{ path: ['config', field.key], value: event.target.value }])}
            />
          </label>
        ))}
      </div>
    </section>
  );
}
