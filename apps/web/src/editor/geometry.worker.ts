import { isValidRoomShape } from '@edrf/geometry';
import type { ValidityAnswer, ValidityRequest } from './geometry-protocol';

/** The plan's geometry off the page's thread: @edrf/geometry's room shape rule, one batch per message. */
self.onmessage = (event: MessageEvent<ValidityRequest>) => {
  const { id, rings } = event.data;
  const answer: ValidityAnswer = { id, valid: rings.map((exterior) => isValidRoomShape({ exterior, interiors: [] })) };
  self.postMessage(answer);
};
