import {
  EXTENSION_PORT_KINDS,
  psuPropertiesSchema,
  type ButtonProduct,
  type CableProduct,
  type CentralExtensionProduct,
  type CentralProduct,
  type DetectorProduct,
  type ExtensionPortKind,
  type IoProduct,
  type OtherRackProduct,
  type OtherUnitProduct,
  type PlinthProduct,
  type PowerSupplyProduct,
  type SirenProduct,
} from '@edrf/model';
import { NumberField } from '../../../model/NumberField';
import {
  BuiltinFields,
  CheckField,
  ElectricalFields,
  FieldGroup,
  OptionalNumberField,
  PsuFields,
  RackSizeFields,
  SelectField,
  TextField,
} from './field-editors';
import {
  AT_LEAST_ONE,
  COUNT,
  CROSS_SECTION,
  CURRENT,
  LOOP_CURRENT,
  LOOP_LENGTH,
  LOOP_RESISTANCE,
  RESISTANCE,
  VOLTAGE,
} from './number-rules';
import {
  CABLE_TYPE_LABELS,
  DETECTOR_TYPE_LABELS,
  EXTENSION_PORT_LABELS,
  OTHER_RACK_UNIT_LABELS,
  OTHER_UNIT_TYPE_LABELS,
  SIREN_TYPE_LABELS,
} from './product-labels';

/**
 * Every field of each product kind (F§3) but id and name, which the panel shows for all kinds. Each kind's
 * editor hands back a patch of its own product type: a field the kind does not have fails to compile.
 */
interface KindProps<P> {
  product: P;
  onChange: (patch: Partial<P>) => void;
}

export function CentralFields({ product, onChange }: KindProps<CentralProduct>) {
  const [low, high] = product.voltage_output;
  const ports = product.extension_ports;
  const setPort = (index: number, port: ExtensionPortKind) => onChange({ extension_ports: ports.map((p, i) => (i === index ? port : p)) });
  return (
    <>
      <TextField label="Company" value={product.company} onChange={(company) => onChange({ company })} />
      <RackSizeFields value={product.rack_size} onChange={(rack_size) => onChange({ rack_size })} />
      <NumberField
        label="Route max units"
        value={product.route_max_units}
        {...AT_LEAST_ONE}
        onCommit={(route_max_units) => onChange({ route_max_units })}
      />
      <FieldGroup title="Voltage output">
        <div className="hardware-pair">
          {/* The model keeps min ≤ max: each end is bounded by the other. */}
          <NumberField
            label="Min output (V)"
            value={low}
            {...VOLTAGE}
            max={high}
            onCommit={(v) => onChange({ voltage_output: [v, high] })}
          />
          <NumberField
            label="Max output (V)"
            value={high}
            {...VOLTAGE}
            min={low}
            onCommit={(v) => onChange({ voltage_output: [low, v] })}
          />
        </div>
      </FieldGroup>
      <NumberField label="Current (mA)" value={product.milliamperes} {...CURRENT} onCommit={(milliamperes) => onChange({ milliamperes })} />
      <FieldGroup title="Extension ports">
        {ports.length === 0 && <p className="muted small">No extension ports</p>}
        <ol className="hardware-ports">
          {ports.map((port, index) => (
            <li key={index}>
              <select
                aria-label={`Extension port ${index + 1}`}
                value={port}
                onChange={(event) => setPort(index, event.target.value as ExtensionPortKind)}
              >
                {EXTENSION_PORT_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {EXTENSION_PORT_LABELS[kind]}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="icon-btn"
                aria-label={`Remove extension port ${index + 1}`}
                title="Remove port"
                onClick={() => onChange({ extension_ports: ports.filter((_, i) => i !== index) })}
              >
                ×
              </button>
            </li>
          ))}
        </ol>
        <button type="button" className="btn btn-small" onClick={() => onChange({ extension_ports: [...ports, 'Any'] })}>
          Add port
        </button>
      </FieldGroup>
      <LoopLimitFields product={product} onChange={onChange} />
      <BuiltinFields title="Built-in" value={product.builtin} onChange={(builtin) => onChange({ builtin })} />
      <FieldGroup title="Built-in PSU">
        <CheckField
          label="Has a built-in PSU"
          checked={product.builtin_psu !== null}
          onChange={(on) => onChange({ builtin_psu: on ? psuPropertiesSchema.parse({}) : null })}
        />
        {product.builtin_psu && <PsuFields value={product.builtin_psu} onChange={(builtin_psu) => onChange({ builtin_psu })} />}
      </FieldGroup>
    </>
  );
}

/** Issue 26: what the loop checks hold a central's loops to; an empty limit is null, not checked. */
function LoopLimitFields({ product, onChange }: KindProps<CentralProduct>) {
  return (
    <FieldGroup title="Loop limits">
      <div className="hardware-pair">
        <OptionalNumberField
          label="Max loop current (mA)"
          value={product.max_loop_milliamperes}
          placeholder={NOT_CHECKED}
          rule={LOOP_CURRENT}
          onCommit={(max_loop_milliamperes) => onChange({ max_loop_milliamperes })}
        />
        <OptionalNumberField
          label="Max loop resistance (Ω)"
          value={product.max_loop_ohms}
          placeholder={NOT_CHECKED}
          rule={LOOP_RESISTANCE}
          onCommit={(max_loop_ohms) => onChange({ max_loop_ohms })}
        />
      </div>
      <div className="hardware-pair">
        <OptionalNumberField
          label="Max loop length (m)"
          value={product.max_loop_metres}
          placeholder={NOT_CHECKED}
          rule={LOOP_LENGTH}
          onCommit={(max_loop_metres) => onChange({ max_loop_metres })}
        />
        {/* No isolator resistance counts as 0 Ω. */}
        <OptionalNumberField
          label="Isolator resistance (Ω)"
          value={product.isolator_ohms}
          placeholder="0"
          rule={LOOP_RESISTANCE}
          onCommit={(isolator_ohms) => onChange({ isolator_ohms })}
        />
      </div>
      <CheckField
        label="Isolators count as units"
        checked={product.isolators_count_as_units}
        onChange={(isolators_count_as_units) => onChange({ isolators_count_as_units })}
      />
      <p className="muted small">An empty limit is not checked. Isolators that count as units count against route max units.</p>
    </FieldGroup>
  );
}

const NOT_CHECKED = 'not checked';

export function DetectorFields({ product, onChange }: KindProps<DetectorProduct>) {
  return (
    <>
      <SelectField label="Detector type" value={product.type} options={DETECTOR_TYPE_LABELS} onChange={(type) => onChange({ type })} />
      <TextField label="Socket" value={product.socket} onChange={(socket) => onChange({ socket })} />
      <ElectricalFields value={product.electrical} onChange={(electrical) => onChange({ electrical })} />
    </>
  );
}

export function SirenFields({ product, onChange }: KindProps<SirenProduct>) {
  return (
    <>
      <SelectField label="Siren type" value={product.type} options={SIREN_TYPE_LABELS} onChange={(type) => onChange({ type })} />
      <CheckField
        label="Fits a detector socket"
        checked={product.detector_socket}
        onChange={(detector_socket) => onChange({ detector_socket })}
      />
      <CheckField label="Addressable" checked={product.addressable} onChange={(addressable) => onChange({ addressable })} />
      <ElectricalFields value={product.electrical} onChange={(electrical) => onChange({ electrical })} />
    </>
  );
}

export function ButtonFields({ product, onChange }: KindProps<ButtonProduct>) {
  return <ElectricalFields value={product.electrical} onChange={(electrical) => onChange({ electrical })} />;
}

export function IoFields({ product, onChange }: KindProps<IoProduct>) {
  return (
    <>
      <div className="hardware-pair">
        <NumberField label="Inputs" value={product.inputs} {...COUNT} onCommit={(inputs) => onChange({ inputs })} />
        <NumberField label="Outputs" value={product.outputs} {...COUNT} onCommit={(outputs) => onChange({ outputs })} />
      </div>
      <ElectricalFields value={product.electrical} onChange={(electrical) => onChange({ electrical })} />
    </>
  );
}

export function OtherUnitFields({ product, onChange }: KindProps<OtherUnitProduct>) {
  return (
    <>
      <SelectField
        label="Unit type"
        value={product.unit_type}
        options={OTHER_UNIT_TYPE_LABELS}
        onChange={(unit_type) => onChange({ unit_type })}
      />
      <ElectricalFields value={product.electrical} onChange={(electrical) => onChange({ electrical })} />
    </>
  );
}

export function CableFields({ product, onChange }: KindProps<CableProduct>) {
  return (
    <>
      <SelectField label="Cable type" value={product.type} options={CABLE_TYPE_LABELS} onChange={(type) => onChange({ type })} />
      <NumberField label="Pairs" value={product.num} {...AT_LEAST_ONE} onCommit={(num) => onChange({ num })} />
      <NumberField
        label="Cross section (mm²)"
        value={product.cross_section}
        {...CROSS_SECTION}
        onCommit={(cross_section) => onChange({ cross_section })}
      />
      <NumberField
        label="Resistance (Ω/km)"
        value={product.resistance}
        {...RESISTANCE}
        onCommit={(resistance) => onChange({ resistance })}
      />
    </>
  );
}

export function PlinthFields({ product, onChange }: KindProps<PlinthProduct>) {
  return (
    <>
      <RackSizeFields value={product.rack_size} onChange={(rack_size) => onChange({ rack_size })} />
      <NumberField
        label="Connections"
        value={product.num_connections}
        {...AT_LEAST_ONE}
        onCommit={(num_connections) => onChange({ num_connections })}
      />
    </>
  );
}

export function PowerSupplyFields({ product, onChange }: KindProps<PowerSupplyProduct>) {
  return (
    <>
      <RackSizeFields value={product.rack_size} onChange={(rack_size) => onChange({ rack_size })} />
      <FieldGroup title="Properties">
        <PsuFields value={product.properties} onChange={(properties) => onChange({ properties })} />
      </FieldGroup>
    </>
  );
}

export function OtherRackProductFields({ product, onChange }: KindProps<OtherRackProduct>) {
  return (
    <>
      <SelectField
        label="Unit type"
        value={product.unit_type}
        options={OTHER_RACK_UNIT_LABELS}
        onChange={(unit_type) => onChange({ unit_type })}
      />
      <TextField label="Description" value={product.description} onChange={(description) => onChange({ description })} />
      <RackSizeFields value={product.rack_size} onChange={(rack_size) => onChange({ rack_size })} />
    </>
  );
}

export function CentralExtensionFields({ product, onChange }: KindProps<CentralExtensionProduct>) {
  return (
    <>
      <SelectField label="Port" value={product.port} options={EXTENSION_PORT_LABELS} onChange={(port) => onChange({ port })} />
      <BuiltinFields title="Properties" value={product.properties} onChange={(properties) => onChange({ properties })} />
    </>
  );
}
