import { IO_OUTPUT_CONTACTS, type IoOutputContact, type Model } from '@edrf/model';
import { MODEL_FIELD_ATTRIBUTE } from '../../../../../state/shortcuts';
import type { EditRequest } from '../../../../../state/history';
import {
  addIoEntryEdits,
  canAddIoEntry,
  ioCaps,
  ioProductEdits,
  ioProductOf,
  removeIoEntryEdits,
  setIoEntryEdits,
  type IoInput,
  type IoList,
  type IoOutput,
} from './io-edits';
import './io.css';

interface IoPanelProps {
  model: Model;
  /** The I/O unit (fire.units.ios) shown. */
  unitId: string;
  edit: (requests: EditRequest[]) => void;
  /**
   * Also show the unit's product field (written through ioProductEdits, which trims the lists). Leave it off when
   * the page's panel has its own product field, and have that field write an I/O unit's product through
   * ioProductEdits.
   */
  withProduct?: boolean;
}

const modelField = { [MODEL_FIELD_ATTRIBUTE]: '' };

const NOUN: Record<IoList, { one: string; title: string }> = {
  inputs: { one: 'input', title: 'Inputs' },
  outputs: { one: 'output', title: 'Outputs' },
};

/**
 * The I/O unit's inputs (first, second, description) and outputs (first, second NO or NC, description) in the
 * side panel (F§3, F§5): Add is disabled at the product's count, each entry is edited in place or removed, and
 * choosing another product (withProduct) drops what is past its counts.
 */
export function IoPanel({ model, unitId, edit, withProduct = false }: IoPanelProps) {
  const unit = model.fire?.units.ios[unitId];
  if (!unit) return null;
  const products = model.fire?.config.products.ios ?? [];
  const product = ioProductOf(model, unit);
  return (
    <div className="io-panel">
      {withProduct && (
        <label className="field">
          <span>Product</span>
          <select
            {...modelField}
            value={product ? product.id : ''}
            onChange={(event) => edit(ioProductEdits(model, unitId, event.target.value))}
          >
            <option value="">No product</option>
            {products.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name || option.id}
              </option>
            ))}
          </select>
        </label>
      )}
      <IoList model={model} unitId={unitId} list="inputs" edit={edit} />
      <IoList model={model} unitId={unitId} list="outputs" edit={edit} />
    </div>
  );
}

function IoList({ model, unitId, list, edit }: { model: Model; unitId: string; list: IoList; edit: (requests: EditRequest[]) => void }) {
  const unit = model.fire!.units.ios[unitId]!;
  const entries = unit[list];
  const cap = ioCaps(model, unitId)[list];
  const { one, title } = NOUN[list];
  const canAdd = canAddIoEntry(model, unitId, list);
  const Label = one[0]!.toUpperCase() + one.slice(1);
  const set = (index: number, patch: Partial<IoInput> | Partial<IoOutput>) => edit(setIoEntryEdits(model, unitId, list, index, patch));
  const text = (index: number, field: 'first' | 'second' | 'description', name: string, value: string) => (
    <label className="field">
      <span>{name}</span>
      <input
        {...modelField}
        autoComplete="off"
        aria-label={`${Label} ${index + 1} ${name.toLowerCase()}`}
        value={value}
        onChange={(event) => set(index, { [field]: event.target.value })}
      />
    </label>
  );
  return (
    <section className="io-list" aria-label={title}>
      <h3 className="side-subtitle">
        {title}{' '}
        <span className="muted small" aria-label={`${title} count`}>
          {cap === null ? `${entries.length}` : `${entries.length} of ${cap}`}
        </span>
      </h3>
      {cap !== null && entries.length > cap && (
        <p className="muted small" role="status">
          The product has {cap} {cap === 1 ? one : list}: remove {entries.length - cap}.
        </p>
      )}
      <ol className="io-entries">
        {entries.map((entry, index) => (
          <li key={index}>
            <fieldset aria-label={`${Label} ${index + 1}`}>
              <legend>
                {Label} {index + 1}
              </legend>
              {text(index, 'first', 'First', entry.first)}
              {list === 'inputs' ? (
                text(index, 'second', 'Second', entry.second)
              ) : (
                <label className="field">
                  <span>Second</span>
                  <select
                    {...modelField}
                    aria-label={`${Label} ${index + 1} second`}
                    value={entry.second}
                    onChange={(event) => set(index, { second: event.target.value as IoOutputContact })}
                  >
                    {IO_OUTPUT_CONTACTS.map((contact) => (
                      <option key={contact} value={contact}>
                        {contact}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              {text(index, 'description', 'Description', entry.description)}
              <button
                type="button"
                className="btn btn-danger-quiet btn-small"
                aria-label={`Remove ${one} ${index + 1}`}
                onClick={() => edit(removeIoEntryEdits(model, unitId, list, index))}
              >
                Remove
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn btn-small"
        disabled={!canAdd}
        title={cap === null ? `Choose a product to add ${list}` : canAdd ? undefined : `The product has ${cap} ${cap === 1 ? one : list}`}
        onClick={() => edit(addIoEntryEdits(model, unitId, list))}
      >
        Add {one}
      </button>
      {cap === null && <p className="muted small">Choose a product to add {list}.</p>}
    </section>
  );
}
