import { useEffect, useEffectEvent, useRef, useSyncExternalStore } from 'react';
import { keepsNativeUndo } from '../state/shortcuts';
import type { PlanEditor } from './plan-editor';
import { PlanRenderer } from './plan-renderer';
import './editor.css';

/**
 * The plan on a canvas: draws the editor and feeds it the browser's pointer, wheel, size and keys.
 * It takes only the editor; everything a screen configures is in the editor.
 */
export function PlanView({ editor }: { editor: PlanEditor }) {
  const host = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const readout = useRef<HTMLSpanElement>(null);
  useSyncExternalStore(
    (listener) => editor.on('change', listener),
    () => editor.changes,
  );

  useEffect(() => {
    const el = canvas.current!;
    // Held here: refs are gone when a late resize arrives while the page is left.
    const hostEl = host.current!;
    const renderer = new PlanRenderer(editor, el);
    const observer = new ResizeObserver(() => {
      const ratio = window.devicePixelRatio || 1;
      const { width, height } = hostEl.getBoundingClientRect();
      el.width = Math.round(width * ratio);
      el.height = Math.round(height * ratio);
      editor.resize(width, height, ratio);
      renderer.paint();
    });
    observer.observe(hostEl);
    const stopPaint = editor.on('paint', () => renderer.request());
    // The benchmark listens for frame times on the canvas (bench/plan-frames.ts).
    const stopFrames = editor.on('frame', (ms) => el.dispatchEvent(new CustomEvent('planframe', { detail: ms })));
    const stopPointer = editor.onPointer((point) => {
      const y = point && editor.schematic ? -point[1] : point?.[1];
      if (readout.current) readout.current.textContent = point ? `x ${point[0].toFixed(2)}  y ${y!.toFixed(2)}` : '';
    });
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = el.getBoundingClientRect();
      editor.wheel({
        deltaX: event.deltaX,
        deltaY: event.deltaY,
        deltaMode: event.deltaMode,
        ctrlKey: event.ctrlKey || event.metaKey,
        x: event.clientX - rect.left,
        y: event.clientY - rect.top,
      });
    };
    el.addEventListener('wheel', wheel, { passive: false });
    return () => {
      observer.disconnect();
      stopPaint();
      stopFrames();
      stopPointer();
      el.removeEventListener('wheel', wheel);
      renderer.dispose();
    };
  }, [editor]);

  // P§2 keys on the plan: the editor's tools and the screen's commands; never while typing or in a dialog.
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (keepsNativeUndo(event.target) || (event.target instanceof HTMLElement && event.target.closest('input, select, textarea'))) return;
    if (document.querySelector('.modal-backdrop')) return;
    if (event.key === ' ') {
      // Space on a focused button presses it; elsewhere it holds the pan.
      if (event.target instanceof HTMLElement && event.target.closest('button')) return;
      event.preventDefault();
      editor.holdSpace(true);
    } else if (editor.key(event.key)) event.preventDefault();
  });
  useEffect(() => {
    const down = (event: KeyboardEvent) => onKey(event);
    const up = (event: KeyboardEvent) => {
      if (event.key === ' ') editor.holdSpace(false);
    };
    const blur = () => editor.holdSpace(false);
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', blur);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', blur);
    };
  }, [editor]);

  const input = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = canvas.current!.getBoundingClientRect();
    return {
      x: event.clientX - rect.left,
      y: event.clientY - rect.top,
      time: event.timeStamp,
      button: event.button,
      shift: event.shiftKey,
    };
  };
  const status = editor.tool.status?.() ?? null;
  const cursor = editor.tool.cursor ?? 'default';

  return (
    <>
      <div className="plan-host" ref={host}>
        <canvas
          ref={canvas}
          className={`plan-canvas${editor.panning ? ' panning' : cursor === 'crosshair' ? ' measuring' : ''}`}
          tabIndex={0}
          aria-label="Plan"
          data-testid="plan"
          data-tool={editor.tool.id}
          onPointerDown={(event) => {
            canvas.current!.focus();
            canvas.current!.setPointerCapture(event.pointerId);
            editor.pointerDown(input(event));
          }}
          onPointerMove={(event) => editor.pointerMove(input(event))}
          onPointerUp={(event) => editor.pointerUp(input(event))}
          onPointerCancel={() => editor.pointerCancel()}
          onPointerLeave={() => editor.pointerLeave()}
          onContextMenu={(event) => event.preventDefault()}
        />
      </div>
      <div className="plan-status">
        <span ref={readout} aria-label="Coordinates" className="coordinates" />
        {status && (
          <span className={status.hint ? 'muted' : 'tool-status'} aria-label={status.label}>
            {status.text}
          </span>
        )}
      </div>
      <div className="plan-help" aria-label="Plan controls">
        Pan: drag with the right or middle button, or hold Space and drag · Zoom: wheel · Fit: F
      </div>
    </>
  );
}
