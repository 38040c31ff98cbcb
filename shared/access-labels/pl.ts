/**
 * The access provisions' names in Polish (docs/api.md §10.15): the one table of them, which the
 * widget's cards and filter bar and the server's pages, calendar files and JSON-LD all show.
 */
import type { AccessLabels } from '../rules/access-ids.js';

export const accessLabels: AccessLabels = {
  wheelchair: 'Dostępne dla osób na wózkach',
  step_free: 'Wejście bez schodów',
  hearing_loop: 'Pętla indukcyjna',
  captioned: 'Z napisami',
  sign_language: 'Z tłumaczeniem na PJM',
  audio_described: 'Z audiodeskrypcją',
  relaxed: 'Spektakl przyjazny sensorycznie',
  quiet_space: 'Strefa ciszy',
};
