// Test support: the point-to-point drawings made through renderReport and read back as their readers read them
// (pdftotext in layout mode keeps a schedule's row on one line).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Model } from '@edrf/model';
import { renderReport } from '../render.js';
import type { ReportFile } from '../report-builder.js';

export const P2P_INPUT = { date: '2026-11-28', documentStatus: 'For construction', designer: 'Anna Andersson', revision: 'B' };

export async function p2pFiles(model: Model, format: 'pdf' | 'dxf'): Promise<ReportFile[]> {
  const out: ReportFile[] = [];
  for await (const file of renderReport('UkbsPointToPoint', format, { model, regulation: 'Bs5839', ...P2P_INPUT })) out.push(file);
  return out;
}

/** Each page's text as pdftotext -layout lays it out: a schedule's row stays on one line. */
export function layoutTexts(data: Uint8Array): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'edrf-p2p-'));
  try {
    const file = path.join(dir, 'in.pdf');
    writeFileSync(file, data);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8', maxBuffer: 1 << 28 })
      .split('\f')
      .slice(0, -1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface ScheduleRow {
  no: number;
  address: string;
  segment: number;
  isolator: boolean;
  fromA: string;
  fromB: string;
}

/** The schedule's device rows as printed, loop after loop (a loop's rows start again at No. 1). */
export function scheduleRows(pages: readonly string[]): ScheduleRow[][] {
  const row =
    /^\s*(\d+)\s+(Z\S+|—)\s+.+?\s(\d+\.\d\d)\s+(\d+\.\d\d)\s+(\d+\.\d)\s+(before\s+)?(\d+\.\d|—)\s+(\d+\.\d\d|—)\s+(\d+\.\d\d|—)(\s|$)/;
  const loops: ScheduleRow[][] = [];
  for (const page of pages)
    for (const line of page.split('\n')) {
      const m = row.exec(line);
      if (!m) continue;
      const r = { no: Number(m[1]), address: m[2]!, segment: Number(m[5]), isolator: !!m[6], fromA: m[8]!, fromB: m[9]! };
      if (r.no === 1) loops.push([]);
      loops[loops.length - 1]!.push(r);
    }
  return loops;
}

/** 'Z{zone}/{address}' of each unit, from the sections as the model holds them. */
export function addressesOf(model: Model): Map<string, string> {
  const out = new Map<string, string>();
  for (const section of Object.values(model.fire!.sections))
    for (const [unit, address] of Object.entries(section.addresses)) out.set(unit, `Z${section.name}/${address}`);
  return out;
}
