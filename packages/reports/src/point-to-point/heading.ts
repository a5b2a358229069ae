// The heading over a loop's chain: the loop, its panel, its cable and the loop's figures as the routes page shows them.
import type { Item } from '../drawing/items.js';
import { fitText } from '../drawing/furniture.js';
import { RED, text } from './draw.js';
import { P2P_LAYERS as L } from './layers.js';
import type { P2pLoop } from './loops.js';
import { P2P_WORDS as W } from './words.js';

/** Height of the heading on the loop's first sheet and on the sheets after it (mm). */
export const HEADING = 15;
export const HEADING_CONTINUED = 7;

const SEP = '   ·   ';

/** The heading's title: the loop and its panel. */
export function loopTitle(loop: P2pLoop): string {
  const panel = loop.centralId ? W.headingPanel(`${W.panel} ${loop.centralId}`, loop.centralProduct) : W.noCentral;
  return `${W.loop(loop.name)} – ${panel}`;
}

/** The heading at `top`, across x0..x1; on the sheets after the first, the title alone. */
export function heading(loop: P2pLoop, x0: number, x1: number, top: number, continued: boolean): Item[] {
  const title = fitText(continued ? `${loopTitle(loop)} (${W.continued})` : loopTitle(loop), x1 - x0, 3.2, true);
  const items: Item[] = [text(L.heading, [x0, top - 3.2], title.text, title.size, { bold: true })];
  if (continued) return items;
  const f = loop.chain.figures;
  const limit = (value: number | null, unit: string, digits: number) => (value !== null ? W.of(`${value.toFixed(digits)} ${unit}`) : '');
  const cable = loop.chain.cable;
  const first = [
    cable ? W.cableText(cable.name || cable.id, cable.resistance) : W.noCable,
    `${W.startVoltage} ${loop.chain.startVoltage > 0 ? W.volts(loop.chain.startVoltage) : '—'}`,
    `${W.resistance} ${f.voltages ? `${f.voltages.resistance.toFixed(2)} Ω` : '—'}${limit(f.maxResistance, 'Ω', 0)}`,
  ];
  const worst = f.voltages?.worst;
  const addressOf = (id: string) => loop.devices.find((d) => d.link.id === id)?.address || id;
  const second = [
    `${W.length} ${W.metres(f.length)}${limit(f.maxLength, 'm', 0)}`,
    `${W.devices} ${f.members.length}${f.countedUnits !== f.members.length ? ` (+${f.isolators} ${W.isolators.toLowerCase()} = ${f.countedUnits})` : ''}${W.of(String(f.maxUnits))}`,
    `${W.isolators} ${f.isolators}`,
    `${W.alarmLoad} ${(f.load * 1000).toFixed(1)} mA${limit(f.maxLoad === null ? null : f.maxLoad * 1000, 'mA', 0)}`,
    `${W.worst} ${worst && !f.cannotWork ? W.worstAt(W.volts(worst.unit.voltage), addressOf(worst.unit.id), worst.feed) : '—'}`,
  ];
  const bad = f.warnings.length > 0 || f.cannotWork;
  const line = (parts: string[], y: number, colour?: string) => {
    const fitted = fitText(parts.join(SEP), x1 - x0, 2);
    items.push(text(L.heading, [x0, y], fitted.text, fitted.size, colour ? { colour } : {}));
  };
  line(first, top - 7.6);
  line(second, top - 11.4, bad ? RED : undefined);
  return items;
}
