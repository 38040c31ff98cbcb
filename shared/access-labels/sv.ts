/**
 * The access provisions' names in Swedish (docs/api.md §10.15): the one table of them, which the
 * widget's cards and filter bar and the server's pages, calendar files and JSON-LD all show.
 */
import type { AccessLabels } from '../rules/access-ids.js';

export const accessLabels: AccessLabels = {
  wheelchair: 'Rullstolsanpassat',
  step_free: 'Trappfri entré',
  hearing_loop: 'Hörslinga',
  captioned: 'Textat',
  sign_language: 'Teckenspråkstolkat',
  audio_described: 'Syntolkat',
  relaxed: 'Avslappnad föreställning',
  quiet_space: 'Lugnt rum',
};
