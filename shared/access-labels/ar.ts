/**
 * The access provisions' names in Arabic (docs/api.md §10.15): the one table of them, which the
 * widget's cards and filter bar and the server's pages, calendar files and JSON-LD all show.
 */
import type { AccessLabels } from '../rules/access-ids.js';

export const accessLabels: AccessLabels = {
  wheelchair: 'مناسب للكراسي المتحركة',
  step_free: 'دخول بلا درجات',
  hearing_loop: 'حلقة سمعية',
  captioned: 'مع ترجمة نصية',
  sign_language: 'مع ترجمة بلغة الإشارة',
  audio_described: 'مع وصف صوتي',
  relaxed: 'عرض ملائم حسيًا',
  quiet_space: 'مساحة هادئة',
};
