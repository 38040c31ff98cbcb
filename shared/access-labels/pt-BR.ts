/**
 * The access provisions' names in Brazilian Portuguese (docs/api.md §10.15): the one table of them, which the
 * widget's cards and filter bar and the server's pages, calendar files and JSON-LD all show.
 */
import type { AccessLabels } from '../rules/access-ids.js';

export const accessLabels: AccessLabels = {
  wheelchair: 'Acessível para cadeirantes',
  step_free: 'Acesso sem degraus',
  hearing_loop: 'Aro magnético',
  captioned: 'Legendado',
  sign_language: 'Com interpretação em Libras',
  audio_described: 'Com audiodescrição',
  relaxed: 'Sessão relaxada',
  quiet_space: 'Espaço tranquilo',
};
