/**
 * The access provisions' names in Dutch (docs/api.md §10.15): the one table of them, which the
 * widget's cards and filter bar and the server's pages, calendar files and JSON-LD all show.
 */
import type { AccessLabels } from '../rules/access-ids.js';

export const accessLabels: AccessLabels = {
  wheelchair: 'Rolstoeltoegankelijk',
  step_free: 'Drempelvrije toegang',
  hearing_loop: 'Ringleiding',
  captioned: 'Ondertiteld',
  sign_language: 'Met gebarentolk',
  audio_described: 'Met audiodescriptie',
  relaxed: 'Relaxed voorstelling',
  quiet_space: 'Stilteruimte',
};
