/**
 * Brazilian Portuguese, loaded on first use (`load.ts`) for `pt-BR` as one chunk: every table
 * of the widget (`FullPack`) in Brazil's words ("ingressos"; Portugal's are in `pt.ts`). Its 0
 * counts in the plural ("0 eventos correspondem"), as the one rule says (`shared/i18n/plural.ts`).
 */
import type { FullPack } from './types.js';
import { card, filters, list, past } from '../../shared/i18n/pt-BR.js';
import { plural } from '../../shared/i18n/plural.js';
import { accessLabels } from '../../shared/access-labels/pt-BR.js';

export const pack: FullPack = {
  core: {
    ...card,
    loading: 'Carregando eventos…',
    empty: 'Não há próximos eventos',
    error: 'Não foi possível carregar os eventos.',
    retry: 'Tentar novamente',
    venueNotFound: (venue) => `Nenhum local “${venue}” foi encontrado.`,
    eventNotFound: 'Este evento não foi encontrado.',
    refreshFailed: 'Não foi possível atualizar; mostrando os últimos eventos carregados.',
    notShown: 'Não foi possível mostrar os eventos.',
    someNotShown: 'Não foi possível mostrar alguns eventos.',
    buyFor: (title) => `Comprar ingressos para ${title}`,
    salesClose: (when) => `A venda termina ${when}`,
    closed: {
      manual: 'Venda on-line encerrada',
      scheduled: 'A venda on-line terminou',
      event_ended: 'Este evento já terminou',
      cancelled: 'Cancelado — sem ingressos à venda',
      not_ticketed: 'Sem venda on-line',
    },
    cancelled: 'Cancelado',
    stopCancelled: 'cancelada',
    age: (n) => `${n}+`,
    ageLabel: (n) => `Proibido para menores de ${n} anos`,
    was: (date) => `(antes: ${date})`,
    nextStop: 'Próxima data',
    allStops: 'Todas as datas',
    imageAlt: (title) => `Imagem de ${title}`,
    events: 'Próximos eventos',
    addToCalendarFor: (what) => `Adicionar ao calendário: ${what}`,
    calendarFile: 'Arquivo de calendário (.ics)',
    share: 'Compartilhar',
    shareFor: (title) => `Compartilhar: ${title}`,
    linkCopied: 'Link copiado',
    save: 'Salvar',
    saveFor: (title) => `Salvar: ${title}`,
    accessLabels,
  },
  list: {
    ...list,
    views: 'Visualização',
    listView: 'Lista',
    calendarView: 'Calendário',
    noMatch: 'Nenhum evento corresponde',
    resetFilters: 'Mostrar todos os eventos',
    matches: (n) =>
      plural('pt-BR', n, { one: `${n} evento corresponde`, other: `${n} eventos correspondem` }),
    pagination: 'Páginas de eventos',
    page: (n) => `Página ${n}`,
    pageAnnounce: (n, last) => `Página ${n} de ${last}`,
  },
  filters: {
    ...filters,
    search: 'Buscar eventos',
    from: 'A partir de',
    reset: 'Redefinir',
    resetLabel: 'Redefinir os filtros',
    subscribe: 'Assinar',
    subscribeLabel: 'Assinar o calendário',
    webcal: 'App de calendário (webcal)',
    google: 'Google Calendar',
    outlook: 'Outlook.com',
    anyAccess: 'Qualquer',
    saved: (n) => `Salvos (${n})`,
    savedLabel: (n) => `Salvos (${n}): mostrar só os eventos salvos`,
    addSaved: 'Adicionar os salvos ao calendário',
    venue: 'Local',
    allVenues: 'Todos os locais',
    filters: (n) => (n ? `Filtros (${n})` : 'Filtros'),
  },
  past: {
    ...past,
    seePast: 'ver eventos passados',
    noPast: 'Não há eventos passados',
    pastShown: (n) =>
      plural('pt-BR', n, {
        one: `${n} evento passado, o mais recente primeiro`,
        other: `${n} eventos passados, os mais recentes primeiro`,
      }),
    upcomingShown: (n) =>
      plural('pt-BR', n, { one: `${n} próximo evento`, other: `${n} próximos eventos` }),
  },
  calendar: {
    calendar: 'Calendário de eventos',
    previousMonth: 'Mês anterior',
    nextMonth: 'Próximo mês',
    eventCount: (n) => plural('pt-BR', n, { one: `${n} evento`, other: `${n} eventos` }),
    countAt: (count, venues) => `${count}: ${venues}`,
    dayHeading: (date) => `Eventos de ${date}`,
    noEvents: 'Não há eventos neste dia',
    error: 'Não foi possível carregar o calendário.',
    loading: 'Carregando o calendário…',
    more: (n) => `+${n} mais`,
    stopCancelledOn: (what) => `Cancelado nesta data: ${what}`,
  },
};
