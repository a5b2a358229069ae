import { facilityManagerSchema, type FacilityManager } from '@edrf/model';
import { TextField } from './form-fields';

type AddressField = keyof FacilityManager['address'];

const ADDRESS_FIELDS: readonly { key: AddressField; label: string }[] = [
  { key: 'line1', label: 'Address line 1' },
  { key: 'line2', label: 'Address line 2' },
  { key: 'zip', label: 'ZIP code' },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
];

interface FacilityManagersEditorProps {
  managers: readonly FacilityManager[];
  /** One manager changed, at its place in the list. */
  onEdit: (index: number, manager: FacilityManager) => void;
  /** The list changed (a manager added or removed). */
  onChange: (managers: FacilityManager[]) => void;
}

/** The SBF form's facility managers (F§3): name, phone and address of each; add and remove. */
export function FacilityManagersEditor({ managers, onEdit, onChange }: FacilityManagersEditorProps) {
  return (
    <>
      {managers.length === 0 && <p className="muted">No facility managers</p>}
      {managers.map((manager, index) => {
        const title = `Facility manager ${index + 1}`;
        return (
          <fieldset key={index} className="facility-manager">
            <legend>{title}</legend>
            <div className="sbf-fields">
              <TextField label="Name" value={manager.name} onChange={(name) => onEdit(index, { ...manager, name })} />
              <TextField label="Phone" value={manager.phone} onChange={(phone) => onEdit(index, { ...manager, phone })} />
              {ADDRESS_FIELDS.map((field) => (
                <TextField
                  key={field.key}
                  label={field.label}
                  value={manager.address[field.key]}
                  onChange={(value) => onEdit(index, { ...manager, address: { ...manager.address, [field.key]: value } })}
                />
              ))}
            </div>
            <button
              type="button"
              className="btn btn-small btn-danger-quiet"
              aria-label={`Remove ${title.toLowerCase()}`}
              onClick={() => onChange(managers.filter((_, i) => i !== index))}
            >
              Remove
            </button>
          </fieldset>
        );
      })}
      <button type="button" className="btn" onClick={() => onChange([...managers, facilityManagerSchema.parse({})])}>
        Add facility manager
      </button>
    </>
  );
}
