import type { PlanEditor } from './plan-editor';

/** The screen's Layers box: a checkbox per layer that has a toggle, in the layers' box places. */
export function LayersBox({ editor }: { editor: PlanEditor }) {
  const toggled = editor.layers
    .filter((layer) => layer.toggle)
    .sort((a, b) => (a.toggle!.place ?? Infinity) - (b.toggle!.place ?? Infinity) || a.order - b.order);
  if (toggled.length === 0) return null;
  return (
    <>
      <h2 className="side-title">Layers</h2>
      <fieldset className="layer-toggles" aria-label="Layers">
        {toggled.map((layer) => (
          <label key={layer.id} className="check">
            <input
              type="checkbox"
              checked={editor.visibility[layer.id] ?? layer.toggle!.on}
              onChange={(event) => editor.setVisibility({ ...editor.visibility, [layer.id]: event.target.checked })}
            />
            {layer.toggle!.label}
          </label>
        ))}
      </fieldset>
    </>
  );
}
