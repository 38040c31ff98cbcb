/**
 * The access provisions' names in Czech (docs/api.md §10.15): the one table of them, which the
 * widget's cards and filter bar and the server's pages, calendar files and JSON-LD all show.
 */
import type { AccessLabels } from '../rules/access-ids.js';

export const accessLabels: AccessLabels = {
  wheelchair: 'Přístupné pro vozíčkáře',
  step_free: 'Přístup bez schodů',
  hearing_loop: 'Indukční smyčka',
  captioned: 'S titulky',
  sign_language: 'Tlumočeno do znakového jazyka',
  audio_described: 'S audiopopisem',
  relaxed: 'Relaxované představení',
  quiet_space: 'Klidová zóna',
};
