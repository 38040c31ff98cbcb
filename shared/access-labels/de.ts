/**
 * The access provisions' names in German (docs/api.md §10.15): the one table of them, which the
 * widget's cards and filter bar and the server's pages, calendar files and JSON-LD all show.
 */
import type { AccessLabels } from '../rules/access-ids.js';

export const accessLabels: AccessLabels = {
  wheelchair: 'Rollstuhlgerecht',
  step_free: 'Stufenloser Zugang',
  hearing_loop: 'Induktionsschleife',
  captioned: 'Mit Untertiteln',
  sign_language: 'Mit Gebärdensprache',
  audio_described: 'Mit Audiodeskription',
  relaxed: 'Relaxed Performance',
  quiet_space: 'Ruheraum',
};
