import type { ReactNode } from 'react';
import { ActionButton } from '../ui/ActionButton';
import type { PlanEditor } from './plan-editor';
import type { PlanTool } from './tool';

/** Fit to storey (key F): the engine's fit action. */
export function FitButton({ editor }: { editor: PlanEditor }) {
  return <ActionButton action={editor.action('fit')} />;
}

/**
 * The toolbar's part for the armed tool: while it has work to apply (a shape being drawn, rooms being moved), its
 * hint, Apply (Enter) and Cancel (Escape), the engine's actions; otherwise the screen's own buttons, `children`.
 */
export function ApplyBar({ editor, children }: { editor: PlanEditor; children?: ReactNode }) {
  const tool = editor.tool;
  if (!tool.apply) return <>{children}</>;
  return (
    <>
      {tool.hint && <span className="edit-hint">{tool.hint(editor)}</span>}
      <ActionButton action={editor.action('apply')} primary />
      <ActionButton action={editor.action('cancel')} />
    </>
  );
}

/** A toolbar button that turns a tool on and off, pressed while it is active (a screen that lists no action for it). */
export function ToolButton(props: {
  editor: PlanEditor;
  id: string;
  make: () => PlanTool;
  label: string;
  title: string;
  disabled?: boolean;
}) {
  const { editor, id, make } = props;
  return (
    <ActionButton
      action={{
        id,
        label: props.label,
        title: props.title,
        when: () => !props.disabled,
        pressed: () => editor.tool.id === id,
        run: () => editor.toggleTool(id, make),
      }}
    />
  );
}

/** An action that turns a tool on and off (a key and a button alike), pressed while the tool is active. */
export const toolAction = (
  editor: PlanEditor,
  tool: { id: string; make: () => PlanTool },
  action: { label: string; title?: string; key?: string; when?: () => boolean },
) => ({
  id: tool.id,
  ...action,
  pressed: () => editor.tool.id === tool.id,
  run: () => editor.toggleTool(tool.id, tool.make),
});
