/**
 * The texts of the electrical warnings (docs/fire-electrical.md). Each names the item, the case
 * (which end feeds the loop) and the figures, so a screen can show it as it is.
 */

export type LoopFeed = 'A' | 'B';

const volts = (v: number) => `${v.toFixed(3)} V`;
const ah = (c: number) => `${c.toFixed(2)} Ah`;

const FEED_TEXT: Readonly<Record<LoopFeed, string>> = {
  A: 'fed from end A only (open after the last unit)',
  B: 'fed from end B only (open before the first unit)',
};

/** What a voltage below zero is shown as (issue 33). */
const CANNOT_WORK = 'the loop cannot work at this length';

const loopPrefix = (loop: string | undefined) => (loop ? `Loop '${loop}': ` : '');

export const ELECTRICAL_MESSAGES = {
  feed: (feed: LoopFeed) => FEED_TEXT[feed],
  // Below zero the figure means nothing (the loop draws more than its cable can carry): said in words instead.
  unitBelowMinVoltage: (loop: string | undefined, unit: string, feed: LoopFeed, voltage: number, min: number) =>
    voltage < 0
      ? `${loopPrefix(loop)}unit '${unit}' gets no voltage in alarm when the loop is ${FEED_TEXT[feed]}: ${CANNOT_WORK}`
      : `${loopPrefix(loop)}unit '${unit}' gets ${volts(voltage)} in alarm when the loop is ${FEED_TEXT[feed]}, below its minimum ${volts(min)}`,
  cannotWork: CANNOT_WORK,
  loopCurrentTooHigh: (loop: string | undefined, current: number, limit: number) =>
    `${loopPrefix(loop)}the alarm current ${(current * 1000).toFixed(1)} mA is more than the central's ${(limit * 1000).toFixed(1)} mA per loop`,
  loopResistanceTooHigh: (loop: string | undefined, resistance: number, limit: number) =>
    `${loopPrefix(loop)}the loop resistance ${resistance.toFixed(2)} Ω is more than the central's ${limit.toFixed(2)} Ω`,
  loopTooLong: (loop: string | undefined, length: number, limit: number) =>
    `${loopPrefix(loop)}the loop is ${length.toFixed(0)} m long, more than the central's ${limit.toFixed(0)} m`,
  batteryTooSmall: (supply: string, configured: number, required: number, suggested: number | null) =>
    `'${supply}' has a ${ah(configured)} battery but needs ${ah(required)}` +
    (suggested === null ? ', more than the largest standard battery' : `: use ${ah(suggested)} or more`),
  noStandardBattery: (supply: string, required: number, largest: number) =>
    `'${supply}' needs ${ah(required)} of battery, more than the largest standard battery (${ah(largest)})`,
  noElectrical: (unit: string, product: string) =>
    product === ''
      ? `Unit '${unit}' has no product: its current is not counted in the loop or battery checks`
      : `Unit '${unit}': its product '${product}' has no electrical data: its current is not counted in the loop or battery checks`,
  isolatorSegmentTooLong: (loop: string | undefined, first: string, last: string, units: number, limit: number) =>
    `${loopPrefix(loop)}${units} units from '${first}' to '${last}' have no isolator between them, more than ${limit}`,
  sectionBoundaryWithoutIsolator: (loop: string | undefined, before: string, after: string) =>
    `${loopPrefix(loop)}no isolator between '${before}' and '${after}', which are in different sections`,
} as const;
