// The size gen_fire_reports' model is priced at (docs/payment.md, "gen_fire_reports refuses what is owed"): its rooms
// read from the request's raw body in a compute worker, so that the request thread never parses a model of tens of
// megabytes (docs/compute.md). A body whose rooms cannot be read answers null: gen_fire_reports refuses it anyway.
import { z } from 'zod';
import { pricedRoomsSchema } from '@edrf/model';
import type { PricedSize } from '@edrf/fire';
import { sizeOfRooms } from '../services/module-owed.js';
import { bodyValue, type RequestBody } from './request-body.js';
import { TaskRefused } from './protocol.js';

const bodyRooms = z.object({ model: z.object({ arch: z.object({ rooms: pricedRoomsSchema }) }) });

export function pricedSizeTask(input: { body: RequestBody }): PricedSize | null {
  let value: unknown;
  try {
    value = bodyValue(input.body);
  } catch (error) {
    if (error instanceof TaskRefused) return null;
    throw error;
  }
  const parsed = bodyRooms.safeParse(value);
  return parsed.success ? sizeOfRooms(parsed.data.model.arch.rooms) : null;
}
