import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  ANALYSED_GROUPS,
  analysisInput,
  applyScoped,
  mergeParts,
  needsBuilding,
  planAnalysis,
  sameParts,
  scopedPart,
  splitAnswer,
  type AnalysisParts,
  type FireUnitsResult,
} from '@edrf/fire';
import type { Arch, Fire } from '@edrf/model';
import { analyzeUnits } from './analyze';
import { createAnalysisStore, type AnalysisStore } from './analysis-store';
import type { UnitDrags } from '../tools/unit-drags';
import { useEngineRunning } from '../../use-engine-run';

/** Whether an analysis holds for the model: the same architecture, settings and detectors, sirens and buttons. */
const holdsFor = (parts: AnalysisParts, arch: Arch, fire: Fire) =>
  parts.arch === arch &&
  parts.fire.config === fire.config &&
  ANALYSED_GROUPS.every((group) => parts.fire.units[group] === fire.units[group]);

/** How long the model must rest before the whole building is analysed (a drag or typing makes many edits). */
export const ANALYSIS_DELAY_MS = 300;
/**
 * How long before the storeys or rooms an edit touched are asked for: at once. One question is on its way at a time,
 * so a drag asks again as each answer comes back, and the drop's question leaves at once or when the one before is
 * answered.
 */
export const SCOPED_DELAY_MS = 0;
/**
 * How long the model must rest before the call points' check of a storey is asked for (only call points changed): its
 * question carries the storey's rooms and doors (400 kB on the largest storey of the 185,000 m² building), so a drag
 * asks when the pointer rests, instead of a question per move that the drop's question would queue behind (two out at
 * most). With the page's `drags`, only while a unit is dragged: the drop (or any other edit) asks at once.
 */
export const BUTTONS_DELAY_MS = 100;

export interface Analysis {
  /** The latest answer (kept while the next one is on its way). */
  result: FireUnitsResult | null;
  /**
   * 'pending' while the model as it is waits or is analysed; 'unavailable' when its analysis failed; 'waiting' while
   * an engine run (Run, Design all) works: nothing is asked or shown until it ends, then its result is analysed.
   */
  status: 'idle' | 'pending' | 'ready' | 'unavailable' | 'waiting';
  /** The same answer by storey (null before the first). */
  parts: AnalysisParts | null;
  /** The same answer for the plan's painters. */
  store: AnalysisStore;
}

/**
 * The units page's analysis (issue 22, 'Analysis always visible'): calc_fire_units analyze_only on the server after
 * each change of the architecture or the fire part, the page never waiting for it. The first time (and after a change
 * of the architecture or the settings) the whole building is sent; after an edit of units only the storeys, or rooms,
 * it touched (the engine's planAnalysis and analysisInput, packages/fire/src/analysis/), their answers replacing those
 * parts of the last one.
 * Every answer is kept, for the model it was asked for: the next question asks for what changed since. An edit the
 * analysis does not read (a rack, a label's text) asks nothing.
 * While an engine run works (issue 34: Run briefly listed 180 'not fully covered' warnings of the model it was about
 * to change) nothing is asked or shown; after it only an answer asked since is shown, or the last one if the run
 * changed nothing it reads.
 */
export function useAnalysis(
  arch: Arch,
  fire: Fire | null,
  opts: {
    analyze?: (arch: Arch, fire: Fire) => Promise<FireUnitsResult>;
    delay?: number;
    scopedDelay?: number;
    buttonsDelay?: number;
    /** Whether a unit is being dragged (the units page's tools): the call points' check waits for a rest only then. */
    drags?: UnitDrags;
    /** Whether an engine run is going; by default any of the open project's (use-engine-run.ts). */
    running?: boolean;
  } = {},
): Analysis {
  const analyze = opts.analyze ?? analyzeUnits;
  const delay = opts.delay ?? ANALYSIS_DELAY_MS;
  const scopedDelay = opts.scopedDelay ?? SCOPED_DELAY_MS;
  const buttonsDelay = opts.buttonsDelay ?? BUTTONS_DELAY_MS;
  const drags = opts.drags;
  const anyRun = useEngineRunning();
  const running = opts.running ?? anyRun;
  // Runs started so far: an answer is shown after a run only if asked after it began (or if it still holds).
  const [epoch, setEpoch] = useState(0);
  const [wasRunning, setWasRunning] = useState(running);
  if (running !== wasRunning) {
    setWasRunning(running);
    if (running) setEpoch((n) => n + 1);
  }
  const live = useRef({ epoch, running });
  useLayoutEffect(() => {
    live.current = { epoch, running };
  });
  const [store] = useState(createAnalysisStore);
  // The analysis of the last model answered, in parts and merged; the model whose question failed.
  const [answer, setAnswer] = useState<{ parts: AnalysisParts; result: FireUnitsResult; epoch: number } | null>(null);
  const [failed, setFailed] = useState<{ arch: Arch; fire: Fire } | null>(null);
  // The questions out: the next waits for their answers (which change the state above, so the effect runs again) —
  // but for a newer call points' check after one still out: it may go at once (two out at most), as its answer holds
  // all the older one would give (the same storey's check, from the same last answer), and the older is then dropped.
  const out = useRef({ count: 0, latest: 0, buttonsOnly: false });
  const [woken, wake] = useState(0);
  const analyzeRef = useRef(analyze);
  useEffect(() => {
    analyzeRef.current = analyze;
  });

  // A drag's end asks again: its drop may leave the model as the last move did, whose question waits for a rest.
  useEffect(() => drags?.onEnd(() => wake((n) => n + 1)), [drags]);

  const parts = answer?.parts ?? null;
  const ready = !!fire && !!parts && holdsFor(parts, arch, fire);
  const gaveUp = failed?.arch === arch && failed.fire === fire;
  useEffect(() => {
    const asking = out.current;
    if (!fire || running || ready || gaveUp || (asking.count > 0 && !(asking.count === 1 && asking.buttonsOnly))) return;
    const plan = planAnalysis(parts, arch, fire);
    const buttonsOnly = plan.kind === 'scopes' && plan.scopes.every((scope) => scope.buttons);
    if (asking.count > 0 && !buttonsOnly) return;
    const run = () => {
      const ask = (sent: { arch: Arch; fire: Fire }) => analyzeRef.current(sent.arch, sent.fire);
      const asked: Promise<AnalysisParts> =
        plan.kind === 'none'
          ? Promise.resolve(sameParts(parts!, arch, fire))
          : plan.kind === 'building'
            ? ask(analysisInput(arch, fire)).then((result) => splitAnswer(arch, fire, result))
            : Promise.all(
                plan.scopes.map((scope) => {
                  const sent = analysisInput(arch, fire, scope);
                  return ask(sent).then((result) => ({ scope, part: scopedPart(sent, scope, result) }));
                }),
              ).then((answers) => applyScoped(parts!, arch, fire, answers));
      const seq = ++asking.latest;
      const askedIn = epoch;
      asking.count++;
      asking.buttonsOnly = buttonsOnly;
      // An answer overtaken by a newer question is dropped; the last one out wakes the hook for what changed since.
      const overtaken = () => {
        asking.count--;
        if (seq === asking.latest) return false;
        if (asking.count === 0) wake((n) => n + 1);
        return true;
      };
      asked.then(
        (next) => {
          if (overtaken()) return;
          const result = mergeParts(next);
          // The painters get it at once, unless a run began since it was asked (it is kept for planning only).
          if (askedIn === live.current.epoch && !live.current.running) store.set(result, next);
          setAnswer({ parts: next, result, epoch: askedIn });
          setFailed(null);
        },
        () => {
          if (overtaken()) return;
          setFailed({ arch, fire });
        },
      );
    };
    const resting = buttonsOnly && (!drags || drags.dragging);
    const wait = needsBuilding(parts, arch, fire) ? delay : resting ? buttonsDelay : scopedDelay;
    // At once, in the task of the edit (a drop): the question leaves before the plan is drawn again.
    if (wait <= 0) return run();
    const timer = setTimeout(run, wait);
    return () => clearTimeout(timer);
  }, [arch, fire, parts, ready, gaveUp, delay, scopedDelay, buttonsDelay, drags, store, woken, running, epoch]);

  const shown = !running && answer && (answer.epoch === epoch || ready) ? answer : null;
  // The plan's painters draw nothing of an answer the page does not list.
  useEffect(() => store.set(shown?.result ?? null, shown?.parts ?? null), [shown, store]);

  if (!fire) return { result: null, status: 'idle', parts: null, store };
  const status = running ? 'waiting' : ready ? 'ready' : gaveUp ? 'unavailable' : 'pending';
  return { result: shown?.result ?? null, status, parts: shown?.parts ?? null, store };
}
