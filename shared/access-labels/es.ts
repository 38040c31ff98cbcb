/**
 * The access provisions' names in Spanish (docs/api.md §10.15): the one table of them, which the
 * widget's cards and filter bar and the server's pages, calendar files and JSON-LD all show.
 */
import type { AccessLabels } from '../rules/access-ids.js';

export const accessLabels: AccessLabels = {
  wheelchair: 'Accesible para sillas de ruedas',
  step_free: 'Acceso sin escalones',
  hearing_loop: 'Bucle magnético',
  captioned: 'Subtitulado',
  sign_language: 'Con intérprete de lengua de signos',
  audio_described: 'Con audiodescripción',
  relaxed: 'Función relajada',
  quiet_space: 'Espacio tranquilo',
};
