import { emptyFire, type Fire, type Regulation } from '@edrf/model';
import { createFireConfig } from '@edrf/fire';

/** A fire module as create_fire_config makes it (the engine's own config), for tests. */
export const createFireConfigForTest = (regulation: Regulation = 'Sbf1108'): Fire => emptyFire(createFireConfig(regulation));
