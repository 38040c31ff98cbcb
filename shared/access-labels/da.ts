/**
 * The access provisions' names in Danish (docs/api.md §10.15): the one table of them, which the
 * widget's cards and filter bar and the server's pages, calendar files and JSON-LD all show.
 */
import type { AccessLabels } from '../rules/access-ids.js';

export const accessLabels: AccessLabels = {
  wheelchair: 'Kørestolsvenligt',
  step_free: 'Niveaufri adgang',
  hearing_loop: 'Teleslynge',
  captioned: 'Tekstet',
  sign_language: 'Tegnsprogstolket',
  audio_described: 'Synstolket',
  relaxed: 'Afslappet forestilling',
  quiet_space: 'Stille rum',
};
