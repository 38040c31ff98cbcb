/**
 * The access provisions' names in Hebrew (docs/api.md §10.15): the one table of them, which the
 * widget's cards and filter bar and the server's pages, calendar files and JSON-LD all show.
 */
import type { AccessLabels } from '../rules/access-ids.js';

export const accessLabels: AccessLabels = {
  wheelchair: 'נגיש לכיסאות גלגלים',
  step_free: 'גישה ללא מדרגות',
  hearing_loop: 'לולאת השראה',
  captioned: 'עם כתוביות',
  sign_language: 'עם תרגום לשפת הסימנים',
  audio_described: 'עם תיאור קולי',
  relaxed: 'מופע מותאם חושית',
  quiet_space: 'מרחב שקט',
};
