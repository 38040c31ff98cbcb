/**
 * The access provisions' names in English (docs/api.md §10.15): the one table of them, which the
 * widget's cards and filter bar and the server's pages, calendar files and JSON-LD all show.
 */
import type { AccessLabels } from '../rules/access-ids.js';

export const accessLabels: AccessLabels = {
  wheelchair: 'Wheelchair accessible',
  step_free: 'Step-free access',
  hearing_loop: 'Hearing loop',
  captioned: 'Captioned',
  sign_language: 'Sign language interpreted',
  audio_described: 'Audio described',
  relaxed: 'Relaxed performance',
  quiet_space: 'Quiet space',
};
