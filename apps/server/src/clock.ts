/** The time source; tests move it forward to see passcodes and sessions expire. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);
