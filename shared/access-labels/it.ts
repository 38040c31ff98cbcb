/**
 * The access provisions' names in Italian (docs/api.md §10.15): the one table of them, which the
 * widget's cards and filter bar and the server's pages, calendar files and JSON-LD all show.
 */
import type { AccessLabels } from '../rules/access-ids.js';

export const accessLabels: AccessLabels = {
  wheelchair: 'Accessibile in sedia a rotelle',
  step_free: 'Accesso senza gradini',
  hearing_loop: 'Anello a induzione',
  captioned: 'Sottotitolato',
  sign_language: 'Con interprete LIS',
  audio_described: 'Con audiodescrizione',
  relaxed: 'Spettacolo rilassato',
  quiet_space: 'Spazio tranquillo',
};
