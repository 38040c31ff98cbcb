/**
 * Brazilian Portuguese: the European table (`pt.ts`) where Brazil says the same, Brazil's own
 * words where it does not ("ingressos", "baixar", "assinar", "on-line", quotation marks).
 */
import { pt } from './pt.js';
import type { PageStrings } from './types.js';
import { accessLabels } from '../../../shared/access-labels/pt-BR.js';

export const ptBR: PageStrings<'one' | 'many' | 'other'> = {
  ...pt,
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
  next: 'Próxima',
  free: 'Entrada gratuita',
  fewLeft: 'Últimos ingressos',
  doors: (time) => `Abertura da casa ${time}`,
  allDay: 'Dia inteiro',
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
  buyTickets: 'Comprar ingressos',
  sellsAt: (venue, host) => `${venue} vende ingressos para este evento em ${host}.`,
  sellsOnPlatform: (venue, option) =>
    `${venue} vende ingressos para este evento na sua plataforma de venda. Este servidor só mostra eventos; rode-o com ${option} na frente da plataforma para levar os compradores ao pagamento de verdade.`,
  savedEvents: (name) => `${name} (eventos salvos)`,
  fields: { ...pt.fields, search: 'Buscar' },
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
