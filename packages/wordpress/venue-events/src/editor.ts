/**
 * The block editor's side of `venue-events/events` (docs/wordpress.md "Block"): its sidebar
 * edits the seven attributes, and the canvas previews the block as the server renders it
 * (`wp.serverSideRender`). Written against the editor's own `wp.*` globals, declared below as far
 * as this file uses them: no @wordpress/* package is bundled.
 */

/** A React-like element, as `wp.element.createElement` returns it. */
type WpElement = object;
type Create = (
  type: unknown,
  props?: Record<string, unknown> | null,
  ...children: unknown[]
) => WpElement;

/** The block's attributes (block.json): each a string, '' for "the settings' value". */
interface Attributes {
  venue: string;
  server: string;
  layout: string;
  category: string;
  locale: string;
  view: string;
  /**
   * `ticket-link-params` (docs/api.md §10.19), query-string form: the ticket links' parameters in
   * place of the venue's; one the plugin cannot send (render.php) is ignored.
   */
  ticketLinkParams: string;
}

interface EditProps {
  attributes: Attributes;
  setAttributes(changed: Partial<Attributes>): void;
}

interface Option {
  label: string;
  value: string;
}

declare const wp: {
  blocks: {
    registerBlockType(
      name: string,
      settings: { edit(props: EditProps): WpElement; save(): null },
    ): unknown;
  };
  element: { createElement: Create; Fragment: unknown };
  blockEditor: { InspectorControls: unknown; useBlockProps(): Record<string, unknown> };
  components: {
    PanelBody: unknown;
    TextControl: unknown;
    SelectControl: unknown;
    Notice: unknown;
  };
  serverSideRender: unknown;
  i18n: {
    __(text: string, domain: string): string;
    sprintf(format: string, ...args: unknown[]): string;
  };
};

/** What the plugin tells the editor (render.php `venue_events_editor_assets`). */
declare const venueEventsEditor: { servers: string[] } | undefined;

const BLOCK = 'venue-events/events';
// Every string through `wp.i18n` in the plugin's text domain, each call written out with its
// literal string and domain: the build's `.pot` (scripts/build-wordpress.mjs) reads them from
// here, as a translator's tools read them from the built build/editor.js.
const { __, sprintf } = wp.i18n;

/** A text field of the sidebar bound to one attribute. */
function textField(
  props: EditProps,
  name: keyof Attributes,
  label: string,
  help: string,
): WpElement {
  const { createElement: h } = wp.element;
  return h(wp.components.TextControl, {
    label,
    help,
    value: props.attributes[name],
    onChange: (value: string) => props.setAttributes({ [name]: value }),
  });
}

/** A select of the sidebar bound to one attribute. */
function selectField(
  props: EditProps,
  name: keyof Attributes,
  label: string,
  options: Option[],
): WpElement {
  const { createElement: h } = wp.element;
  return h(wp.components.SelectControl, {
    label,
    options,
    value: props.attributes[name],
    onChange: (value: string) => props.setAttributes({ [name]: value }),
  });
}

/** The allowed events servers (Settings → Venue events), the default first. */
const allowedServers = (): string[] =>
  typeof venueEventsEditor === 'object' && Array.isArray(venueEventsEditor?.servers)
    ? venueEventsEditor.servers
    : [];

/** `url` as the plugin compares servers: scheme and host in lower case, no trailing slash. */
const normalServer = (url: string): string =>
  url
    .trim()
    .replace(/\/+$/, '')
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, (m) => m.toLowerCase());

/**
 * The server control: a choice among the allowed servers, and, when the block names one that is
 * not allowed (written by hand, or removed from the list since), a warning that it is ignored.
 */
function serverField(props: EditProps): WpElement[] {
  const { createElement: h } = wp.element;
  const servers = allowedServers();
  const asked = normalServer(props.attributes.server);
  const fields = [
    selectField(props, 'server', __('Events server', 'venue-events'), [
      {
        label: __('The default (the first in Settings → Venue events)', 'venue-events'),
        value: '',
      },
      ...servers.map((server) => ({ label: server, value: server })),
    ]),
  ];
  if (asked !== '' && !servers.includes(asked)) {
    fields.unshift(
      h(
        wp.components.Notice,
        { status: 'warning', isDismissible: false },
        sprintf(
          /* translators: %s: the events server the block names. */
          __(
            "%s: not on the site's list of events servers (Settings → Venue events), so it is ignored and the default server is used.",
            'venue-events',
          ),
          props.attributes.server,
        ),
      ),
    );
  }
  return fields;
}

/** The sidebar: where empty, venue, server and locale are the plugin's settings. */
function sidebar(props: EditProps): WpElement {
  const { createElement: h } = wp.element;
  const fromSettings = __('Empty: the one in Settings → Venue events.', 'venue-events');
  return h(
    wp.blockEditor.InspectorControls,
    null,
    h(
      wp.components.PanelBody,
      { title: __('Events', 'venue-events'), initialOpen: true },
      textField(
        props,
        'venue',
        __('Venue', 'venue-events'),
        `${__('A venue slug, or several separated by spaces.', 'venue-events')} ${fromSettings}`,
      ),
      selectField(props, 'layout', __('Layout', 'venue-events'), [
        { label: __('Cards', 'venue-events'), value: '' },
        { label: __('Compact', 'venue-events'), value: 'compact' },
      ]),
      textField(
        props,
        'category',
        __('Category', 'venue-events'),
        __('Only events of this category; empty for all.', 'venue-events'),
      ),
      selectField(props, 'view', __('View', 'venue-events'), [
        { label: __('List, with the calendar switch', 'venue-events'), value: '' },
        { label: __('List only', 'venue-events'), value: 'list' },
      ]),
      textField(
        props,
        'locale',
        __('Locale', 'venue-events'),
        `${__('A language tag such as en-GB or de.', 'venue-events')} ${__("Empty: the one in Settings → Venue events, else the site's language.", 'venue-events')}`,
      ),
      textField(
        props,
        'ticketLinkParams',
        __('Ticket link parameters', 'venue-events'),
        sprintf(
          /* translators: 1: an example, utm_source=blog&utm_campaign={event_slug}; 2: the placeholders, {event_slug} {event_id} {venue_slug} {locale}, written as they are. */
          __(
            "Query parameters added to the ticket links visitors click, such as %1$s, in place of the venue's own. A value may hold %2$s. Empty: the venue's own; a value the events server would refuse is ignored.",
            'venue-events',
          ),
          'utm_source=blog&utm_campaign={event_slug}',
          '{event_slug} {event_id} {venue_slug} {locale}',
        ),
      ),
      ...serverField(props),
    ),
  );
}

export {};

wp.blocks.registerBlockType(BLOCK, {
  edit(props) {
    const { createElement: h, Fragment } = wp.element;
    return h(
      Fragment,
      null,
      sidebar(props),
      h(
        'div',
        wp.blockEditor.useBlockProps(),
        h(wp.serverSideRender, { block: BLOCK, attributes: props.attributes }),
      ),
    );
  },
  // Dynamic: the server renders it, the post keeps only the comment with the attributes.
  save: () => null,
});
