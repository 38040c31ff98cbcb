/**
 * European Portuguese, loaded on first use (`load.ts`) as one chunk: every table of the widget
 * (`FullPack`); Brazil's has its own (`pt_BR.ts`: "ingressos", not "bilhetes").
 */
import type { FullPack } from './types.js';
import { card, filters, list, past } from '../../shared/i18n/pt.js';
import { plural } from '../../shared/i18n/plural.js';
import { accessLabels } from '../../shared/access-labels/pt.js';

export const pack: FullPack = {
  core: {
    ...card,
    loading: 'A carregar eventos…',
    empty: 'Não há próximos eventos',
    error: 'Não foi possível carregar os eventos.',
    retry: 'Tentar novamente',
    venueNotFound: (venue) => `Não foi encontrado nenhum espaço «${venue}».`,
    eventNotFound: 'Este evento não foi encontrado.',
    refreshFailed: 'Não foi possível atualizar; a mostrar os últimos eventos carregados.',
    notShown: 'Não foi possível mostrar os eventos.',
    someNotShown: 'Não foi possível mostrar alguns eventos.',
    buyFor: (title) => `Comprar bilhetes para ${title}`,
    salesClose: (when) => `A venda termina ${when}`,
    closed: {
      manual: 'Venda online encerrada',
      scheduled: 'A venda online terminou',
      event_ended: 'Este evento já terminou',
      cancelled: 'Cancelado — sem bilhetes à venda',
      not_ticketed: 'Sem venda online',
    },
    cancelled: 'Cancelado',
    stopCancelled: 'cancelada',
    age: (n) => `M/${n}`,
    ageLabel: (n) => `Só para maiores de ${n} anos`,
    was: (date) => `(antes: ${date})`,
    nextStop: 'Próxima data',
    allStops: 'Todas as datas',
    imageAlt: (title) => `Imagem de ${title}`,
    events: 'Próximos eventos',
    addToCalendarFor: (what) => `Adicionar ao calendário: ${what}`,
    calendarFile: 'Ficheiro de calendário (.ics)',
    share: 'Partilhar',
    shareFor: (title) => `Partilhar: ${title}`,
    linkCopied: 'Ligação copiada',
    save: 'Guardar',
    saveFor: (title) => `Guardar: ${title}`,
    accessLabels,
  },
  list: {
    ...list,
    views: 'Vista',
    listView: 'Lista',
    calendarView: 'Calendário',
    noMatch: 'Nenhum evento corresponde',
    resetFilters: 'Mostrar todos os eventos',
    matches: (n) =>
      plural('pt-PT', n, { one: `${n} evento corresponde`, other: `${n} eventos correspondem` }),
    pagination: 'Páginas de eventos',
    page: (n) => `Página ${n}`,
    pageAnnounce: (n, last) => `Página ${n} de ${last}`,
  },
  filters: {
    ...filters,
    search: 'Pesquisar eventos',
    from: 'A partir de',
    reset: 'Repor',
    resetLabel: 'Repor os filtros',
    subscribe: 'Subscrever',
    subscribeLabel: 'Subscrever o calendário',
    webcal: 'Aplicação de calendário (webcal)',
    google: 'Google Calendar',
    outlook: 'Outlook.com',
    anyAccess: 'Qualquer',
    saved: (n) => `Guardados (${n})`,
    savedLabel: (n) => `Guardados (${n}): mostrar só os eventos guardados`,
    addSaved: 'Adicionar os guardados ao calendário',
    venue: 'Espaço',
    allVenues: 'Todos os espaços',
    filters: (n) => (n ? `Filtros (${n})` : 'Filtros'),
  },
  past: {
    ...past,
    seePast: 'ver eventos passados',
    noPast: 'Não há eventos passados',
    pastShown: (n) =>
      plural('pt-PT', n, {
        one: `${n} evento passado, o mais recente primeiro`,
        other: `${n} eventos passados, os mais recentes primeiro`,
      }),
    upcomingShown: (n) =>
      plural('pt-PT', n, { one: `${n} próximo evento`, other: `${n} próximos eventos` }),
  },
  calendar: {
    calendar: 'Calendário de eventos',
    previousMonth: 'Mês anterior',
    nextMonth: 'Mês seguinte',
    eventCount: (n) => plural('pt-PT', n, { one: `${n} evento`, other: `${n} eventos` }),
    countAt: (count, venues) => `${count}: ${venues}`,
    dayHeading: (date) => `Eventos de ${date}`,
    noEvents: 'Não há eventos neste dia',
    error: 'Não foi possível carregar o calendário.',
    loading: 'A carregar o calendário…',
    more: (n) => `+${n} mais`,
    stopCancelledOn: (what) => `Cancelado nesta data: ${what}`,
  },
};
