import { DETECTOR_PRODUCT_TYPES, type DetectorProductType, type DetectorSettings, type UnitSettings } from '@edrf/model';
import { MeasureField } from './MeasureField';

/** The placement settings of one detector type (F§3 unit.detector), with F§5's minimums and their units. */
export const DETECTOR_FIELDS: readonly { key: keyof DetectorSettings; label: string; unit: string; min: number }[] = [
  { key: 'min_wall_distance', label: 'Min wall distance', unit: 'm', min: 0 },
  { key: 'min_air_inlet_distance', label: 'Min air inlet distance', unit: 'm', min: 0 },
  { key: 'max_detector_distance', label: 'Max detector distance', unit: 'm', min: 0 },
  { key: 'area_per_detector', label: 'Area per detector', unit: 'm²', min: 0 },
  { key: 'max_shaft_distance', label: 'Max shaft distance', unit: 'm', min: 0 },
];

interface DetectorSettingsFieldsProps {
  settings: UnitSettings['detector'];
  onCommit: (type: DetectorProductType, settings: DetectorSettings) => void;
}

/** 'Detector Settings': one group per detector type (Smoke, Heat), each with the fields of DETECTOR_FIELDS. */
export function DetectorSettingsFields({ settings, onCommit }: DetectorSettingsFieldsProps) {
  return (
    <div className="detector-settings">
      {DETECTOR_PRODUCT_TYPES.map((type) => (
        <fieldset key={type} className="settings-group">
          <legend>{type}</legend>
          {DETECTOR_FIELDS.map((field) => (
            <MeasureField
              key={field.key}
              label={field.label}
              unit={field.unit}
              min={field.min}
              value={settings[type][field.key]}
              onCommit={(value) => onCommit(type, { ...settings[type], [field.key]: value })}
            />
          ))}
        </fieldset>
      ))}
    </div>
  );
}
