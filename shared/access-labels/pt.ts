/**
 * The access provisions' names in European Portuguese (docs/api.md §10.15): the one table of them, which the
 * widget's cards and filter bar and the server's pages, calendar files and JSON-LD all show.
 */
import type { AccessLabels } from '../rules/access-ids.js';

export const accessLabels: AccessLabels = {
  wheelchair: 'Acessível a cadeiras de rodas',
  step_free: 'Acesso sem degraus',
  hearing_loop: 'Anel de indução magnética',
  captioned: 'Legendado',
  sign_language: 'Com interpretação em língua gestual',
  audio_described: 'Com audiodescrição',
  relaxed: 'Sessão descontraída',
  quiet_space: 'Espaço tranquilo',
};
