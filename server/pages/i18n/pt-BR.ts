/**
 * Brazilian Portuguese: the European table (`pt.ts`) where Brazil says the same, Brazil's own
 * words where it does not ("ingressos", "baixar", "assinar", "on-line", quotation marks).
 */
import { pt } from './pt.js';
import type { PageStrings } from './types.js';
import { accessLabels } from '../../../shared/access-labels/pt-BR.js';
import { DICTIONARIES } from '../../../shared/i18n/index.js';

const words = DICTIONARIES['pt-BR'];

export const ptBR: PageStrings<'one' | 'many' | 'other'> = {
  ...pt,
  // Every word Brazil's widget says too, from its dictionary (most are Portugal's as well).
  buyTickets: words.card.buy,
  postponed: words.card.postponed,
  rescheduled: words.card.rescheduled,
  doors: words.card.doors,
  allDay: words.card.allDay,
  free: words.card.free,
  withPerformers: words.card.withPerformers,
  fewLeft: words.card.fewLeft,
  access: words.card.access,
  addToCalendar: words.card.addToCalendar,
  previous: words.list.previous,
  next: words.list.next,
  allCategories: words.filters.allCategories,
  pastLink: words.past.pastEvents,
  upcomingLink: words.past.upcomingEvents,
  whatsOnAt: (name) => `Programação de ${name}`,
  subscribe: 'Assinar o calendário',
  subscribeOnly: (categories) => `Assinar apenas ${categories}`,
  downloadAll: 'Baixar todas as datas (.ics)',
  upcomingDescription: (name) => `Próximos eventos de ${name}: datas, horários e ingressos.`,
  monthDescription: (name, month) => `Eventos de ${name} em ${month}: datas, horários e ingressos.`,
  monthView: 'visualização mensal',
  quoted: (words) => `“${words}”`,
  needsCorrecting: 'Alguns filtros precisam ser corrigidos.',
  showingFirst: (shown, events) =>
    `Mostrando os primeiros ${shown} de ${events} deste mês: escolha uma categoria ou busque para ver o restante.`,
  age: (age) => `${age} anos`,
  accessLabels,
  ticketsOnSaleUntil: (when) => `Ingressos à venda on-line até ${when}.`,
  ticketsOnSale: 'Ingressos à venda on-line.',
  salesClosed: 'A venda on-line está encerrada.',
  salesEnded: 'A venda on-line terminou.',
  cancelledNoSales: 'Este evento foi cancelado; não há venda de ingressos.',
  notSoldOnline: 'Não há venda de ingressos on-line para este evento.',
  tickets: 'Ingressos',
  noneListed: 'não informado',
  sellsAt: (venue, host) => `${venue} vende ingressos para este evento em ${host}.`,
  sellsOnPlatform: (venue, option) =>
    `${venue} vende ingressos para este evento na sua plataforma de venda. Este servidor só mostra eventos; rode-o com ${option} na frente da plataforma para levar os compradores ao pagamento de verdade.`,
  savedEvents: (name) => `${name} (eventos salvos)`,
  fields: {
    ...pt.fields,
    categories: words.filters.category,
    access: words.filters.access,
    search: 'Buscar',
  },
  findEvents: 'Buscar eventos',
  showList: 'Ver como lista',
  oneValue: (label) => `Informe só um valor em “${label}”.`,
  accessUnknown: (id, ids) => `Escolha a acessibilidade na lista: “${id}” não existe; use ${ids}.`,
  maxSearch: {
    one: 'A busca pode ter no máximo # caractere.',
    many: 'A busca pode ter no máximo # de caracteres.',
    other: 'A busca pode ter no máximo # caracteres.',
  },
  realDate: (label, value) => `Digite uma data válida em “${label}”: “${value}” não é uma data.`,
  toBeforeFrom: (to, from) => `A data “${to}” não pode ser anterior à data “${from}”.`,
  rangeTooWide: (from, to, days) =>
    `Escolha datas “${from}” e “${to}” com no máximo ${days} de intervalo.`,
  monthFormat: (example, value) =>
    `Digite o mês como ano e mês, por exemplo ${example} (não “${value}”).`,
  badValue: (label) => `Verifique o valor de “${label}”.`,
};
