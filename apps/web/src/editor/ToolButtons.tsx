import type { PlanEditor } from './plan-editor';
import type { PlanTool } from './tool';

/** Fit to storey (key F). */
export function FitButton({ editor }: { editor: PlanEditor }) {
  return (
    <button type="button" className="btn btn-small" title="Fit to storey (F)" onClick={() => editor.fit()}>
      Fit
    </button>
  );
}

/** A toolbar button that turns a tool on and off, pressed while it is active. */
export function ToolButton(props: {
  editor: PlanEditor;
  id: string;
  make: () => PlanTool;
  label: string;
  title: string;
  disabled?: boolean;
}) {
  const active = props.editor.tool.id === props.id;
  return (
    <button
      type="button"
      className={active ? 'btn btn-small active' : 'btn btn-small'}
      aria-pressed={active}
      title={props.title}
      disabled={props.disabled}
      onClick={() => props.editor.toggleTool(props.id, props.make)}
    >
      {props.label}
    </button>
  );
}
