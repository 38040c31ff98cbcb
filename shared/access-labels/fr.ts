/**
 * The access provisions' names in French (docs/api.md §10.15): the one table of them, which the
 * widget's cards and filter bar and the server's pages, calendar files and JSON-LD all show.
 */
import type { AccessLabels } from '../rules/access-ids.js';

export const accessLabels: AccessLabels = {
  wheelchair: 'Accessible en fauteuil roulant',
  step_free: 'Accès de plain-pied',
  hearing_loop: 'Boucle magnétique',
  captioned: 'Sous-titré',
  sign_language: 'Interprété en langue des signes',
  audio_described: 'Audiodécrit',
  relaxed: 'Représentation décontractée',
  quiet_space: 'Espace calme',
};
