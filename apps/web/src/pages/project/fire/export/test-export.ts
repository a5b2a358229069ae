import { detectorSchema, emptyModel, type Model, type Regulation } from '@edrf/model';
import { reportsOf } from '@edrf/reports/catalogue';
import { testArch } from '../../../../editor/arch/test-arch';
import { createFireConfigForTest } from '../test-fire';
import type { ListedReport } from '../../../../api/payment';

/** The test arch with a fire module holding one detector: units, but no sections, routes or rack equipment. */
export function modelWithDetector(regulation: Regulation = 'Sbf1108'): Model {
  const fire = createFireConfigForTest(regulation);
  fire.units.detectors.d1 = detectorSchema.parse({
    id: 'd1',
    storey_id: 's0',
    product_id: fire.config.products.detectors[0]!.id,
    coord: [1, 1, 2.9],
  });
  return { ...emptyModel(), arch: testArch(), fire };
}

/** GET /api/v1/fire_reports's answer, from the catalogue itself. */
export const listedReports = (regulation: Regulation): ListedReport[] =>
  reportsOf(regulation).map((r) => ({ key: r.key, name: r.name, formats: [...r.formats], requirement: r.requirement }));
