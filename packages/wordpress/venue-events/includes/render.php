<?php
/**
 * The block `venue-events/events` and the shortcode `[venue_events]`: one rendering for both
 * (docs/wordpress.md "Block" and "Shortcode"). The drawn element goes in the page, or the element
 * around the link to the venue's listing page when there is none; the plugin's own copy of the
 * widget script is enqueued once per page, as a module, to take the element over.
 *
 * @package VenueEvents
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The attributes of the block and the shortcode, with their defaults. The shortcode gives
 * `ticketLinkParams` as `ticket-link-params` (venue_events_shortcode): WordPress reads a
 * shortcode's attribute names in lower case.
 */
const VENUE_EVENTS_ATTRIBUTES = array(
	'venue'            => '',
	'server'           => '',
	'layout'           => '',
	'category'         => '',
	'locale'           => '',
	'view'             => '',
	'ticketLinkParams' => '',
);

/**
 * Attributes as given, cleaned, with the settings' venue and locale where left empty, and the
 * site's language (venue_events_site_locale) where the locale is left empty there too. The server
 * is the block's or shortcode's own only when it is on the administrator's list, else the default
 * (venue_events_server_for): an author cannot name a server of their own.
 *
 * The locale is one of a bounded set (venue_events_bounded_locale): the fragment is cached by the
 * attributes (venue_events_cache_key), and a contributor's block or preview must not create a
 * cache entry per spelling. The ticket link parameters are what the events server takes
 * (venue_events_clean_link_params), else none: the venue's own; a fragment with them is kept
 * only for a visitor who cannot write posts (venue_events_render).
 *
 * @param array $given The block's or shortcode's attributes.
 * @return array<string,string>
 */
function venue_events_clean_attributes_of( $given ) {
	$given = shortcode_atts( VENUE_EVENTS_ATTRIBUTES, is_array( $given ) ? $given : array() );
	$atts  = array(
		'server'           => venue_events_server_for( $given['server'] ),
		'venue'            => venue_events_clean_venue( $given['venue'] ),
		'locale'           => venue_events_bounded_locale( $given['locale'] ),
		'layout'           => 'compact' === $given['layout'] ? 'compact' : '',
		'category'         => trim( sanitize_text_field( (string) $given['category'] ) ),
		'view'             => 'list' === $given['view'] ? 'list' : '',
		// Empty (the venue's own) when it is not what the events server takes.
		'ticketLinkParams' => venue_events_clean_link_params( $given['ticketLinkParams'] ),
	);
	// A venue given but refused stays unset (no element), not the default venue.
	if ( '' === $atts['venue'] && '' === trim( (string) $given['venue'] ) ) {
		$atts['venue'] = (string) get_option( 'venue_events_venue', '' );
	}
	// A locale given but refused is none (the page's language), as a venue given but refused.
	if ( '' === $atts['locale'] && '' === trim( (string) $given['locale'] ) ) {
		$atts['locale'] = (string) get_option( 'venue_events_locale', '' );
		$atts['locale'] = '' === $atts['locale'] ? venue_events_site_locale() : $atts['locale'];
	}
	return $atts;
}

/**
 * A block's or shortcode's ticket link parameters (docs/api.md §10.19) as the plugin sends them
 * to `widget.html` (`ticket-link-params`): query-string form (`utm_source=blog&utm_campaign=
 * {event_slug}`), holding what the events server takes, the rule of a venue file's
 * `ticket_link_params` (contract.php, generated from shared/rules/link-params.ts): at most
 * VENUE_EVENTS_LINK_PARAMS_MAX parameters, each name once and of VENUE_EVENTS_LINK_PARAM_NAME,
 * each value, decoded, valid UTF-8 of at most VENUE_EVENTS_LINK_VALUE_MAX characters holding no
 * placeholder but VENUE_EVENTS_LINK_PLACEHOLDERS'. Anything else is '' (none given: the venue's
 * own), not a fragment refused with a 400; and no parameter at all is '' too. Character
 * references are read first (`&amp;` is `&`), then the query as the element reads it
 * (URLSearchParams: `+` is a space, a leading `?` dropped), so that the server refuses none that
 * this takes (test/shared/wordpress-contract.test.ts).
 *
 * @param mixed $value The parameters as given.
 * @return string The value, its references read and trimmed, or ''.
 */
function venue_events_clean_link_params( $value ) {
	// Its `&` as WordPress may have stored it: kses writes a block attribute's, or a shortcode's
	// in a classic page, as `&amp;` for a user without `unfiltered_html` (an author).
	$value = is_string( $value ) ? trim( html_entity_decode( $value, ENT_QUOTES | ENT_HTML5, 'UTF-8' ) ) : '';
	$names = array();
	foreach ( explode( '&', (string) preg_replace( '/^\?/', '', $value ) ) as $pair ) {
		if ( '' === $pair ) {
			continue;
		}
		$parts = explode( '=', $pair, 2 );
		$name  = urldecode( $parts[0] );
		if ( isset( $names[ $name ] ) || count( $names ) >= VENUE_EVENTS_LINK_PARAMS_MAX || ! venue_events_link_param_ok( $name, urldecode( $parts[1] ?? '' ) ) ) {
			return '';
		}
		$names[ $name ] = true;
	}
	return $names ? $value : '';
}

/**
 * Whether one ticket link parameter, decoded, is one a venue file may give
 * (venue_events_clean_link_params): its name of VENUE_EVENTS_LINK_PARAM_NAME, its value valid
 * UTF-8 of at most VENUE_EVENTS_LINK_VALUE_MAX characters (code points, as the server counts
 * them), each `{…}` in it one of VENUE_EVENTS_LINK_PLACEHOLDERS.
 *
 * @param string $name  The parameter's name.
 * @param string $value Its value.
 * @return bool
 */
function venue_events_link_param_ok( $name, $value ) {
	// `//u` fails on invalid UTF-8; each `.` of `/./su` is one code point.
	if ( ! preg_match( VENUE_EVENTS_LINK_PARAM_NAME, $name ) || ! preg_match( '//u', $value ) || preg_match_all( '/./su', $value ) > VENUE_EVENTS_LINK_VALUE_MAX ) {
		return false;
	}
	preg_match_all( '/\{([^{}]*)\}/', $value, $found );
	return ! array_diff( $found[1], VENUE_EVENTS_LINK_PLACEHOLDERS );
}

/**
 * The items of a `$separator`-separated list, trimmed, each once, sorted: one spelling of a set.
 *
 * @param string $list      The list.
 * @param string $separator What separates its items (` ` or `,`).
 * @return string
 */
function venue_events_sorted_list( $list, $separator ) {
	$items = array_unique( array_filter( array_map( 'trim', explode( $separator, $list ) ), 'strlen' ) );
	sort( $items, SORT_STRING );
	return implode( $separator, $items );
}

/**
 * A block's or shortcode's locale as the plugin asks the events server for it: the settings'
 * default locale or the site's as they are written (in any case), else the language the shipped
 * widget has strings for (VENUE_EVENTS_WIDGET_LANGUAGES: `de-AT` → `de`, `pt-br` → `pt-BR`), else
 * '' (none: the page's language). A locale the widget does not speak would be drawn in English
 * anyway, and each other spelling would be a cache entry of its own.
 *
 * @param mixed $value The locale as given.
 * @return string
 */
function venue_events_bounded_locale( $value ) {
	$locale = venue_events_clean_locale( $value );
	if ( '' === $locale ) {
		return '';
	}
	foreach ( array( (string) get_option( 'venue_events_locale', '' ), venue_events_site_locale() ) as $allowed ) {
		if ( '' !== $allowed && 0 === strcasecmp( $allowed, $locale ) ) {
			return $allowed;
		}
	}
	$language = venue_events_widget_language( $locale );
	if ( ! in_array( $language, VENUE_EVENTS_WIDGET_LANGUAGES, true ) ) {
		return '';
	}
	return (string) preg_replace_callback( '/-(\w+)$/', fn( $m ) => '-' . strtoupper( $m[1] ), $language );
}

/**
 * A listing resource of the block's venues (docs/api.md §10.16), as the widget's `listingUrl`
 * writes it: `{server}/t/{slug}/{path}?{query}` for one venue, `{server}/{path}?venues=a,b&{query}`
 * for several. The default is the listing page, the fallback link's target.
 *
 * @param array<string,string> $atts  Cleaned attributes (server and venue set: the venue-list
 *                                     rule's slugs, separated by single spaces).
 * @param string               $path  The resource, `events` or `widget.html`.
 * @param string               $query Its query, encoded, or ''.
 * @return string
 */
function venue_events_listing_url( array $atts, $path = 'events', $query = '' ) {
	$slugs = explode( ' ', $atts['venue'] );
	if ( count( $slugs ) > 1 ) {
		return $atts['server'] . '/' . $path . '?' . VENUE_EVENTS_PARAM_VENUES . '=' . implode( ',', $slugs ) . ( '' === $query ? '' : '&' . $query );
	}
	return $atts['server'] . '/t/' . $slugs[0] . '/' . $path . ( '' === $query ? '' : '?' . $query );
}

/**
 * The element without drawn cards, for when the server gives no fragment: its attributes as
 * `widget.html` writes them (docs/api.md §10.17) around the link to the venue's listing page. The
 * widget then draws the cards from the server's API; without JavaScript the link is what shows.
 *
 * @param array<string,string> $atts Cleaned attributes (server and venue set).
 * @return string
 */
function venue_events_fallback_element( array $atts ) {
	$attributes = array(
		'venue'    => $atts['venue'],
		'base-url' => $atts['server'],
	);
	foreach ( venue_events_widget_query( $atts ) as $name => $value ) {
		$attributes[ $name ] = $value;
	}
	$html = '<venue-events';
	foreach ( $attributes as $name => $value ) {
		$html .= sprintf( ' %s="%s"', $name, venue_events_no_shortcodes( 'base-url' === $name ? esc_url( $value ) : esc_attr( $value ) ) );
	}
	return $html . sprintf(
		'><a href="%s">%s</a></venue-events>',
		venue_events_no_shortcodes( esc_url( venue_events_listing_url( $atts ) ) ),
		esc_html__( 'See all upcoming events', 'venue-events' )
	);
}

/**
 * An escaped attribute value with each `[` written `&#91;`: do_shortcode runs the shortcodes it
 * finds inside HTML attributes, and the browser reads the reference as the character.
 *
 * @param string $escaped The value, escaped for an attribute.
 * @return string
 */
function venue_events_no_shortcodes( $escaped ) {
	return str_replace( '[', '&#91;', $escaped );
}

/**
 * The URL of a file of the widget shipped in the plugin, in its versioned folder
 * (VENUE_EVENTS_WIDGET_DIR, `widget/v{plugin version}/`).
 *
 * @param string $name The file's name (`venue-events.js`, a chunk's).
 * @return string
 */
function venue_events_widget_file_url( $name ) {
	return plugins_url( VENUE_EVENTS_WIDGET_DIR . '/' . $name, VENUE_EVENTS_PLUGIN_FILE );
}

/**
 * The URL of the widget script shipped in the plugin (`widget/v{plugin version}/venue-events.js`,
 * built from the same release as the events server's): no events server's script is ever loaded.
 *
 * @return string
 */
function venue_events_widget_script_url() {
	return venue_events_widget_file_url( 'venue-events.js' );
}

/**
 * Enqueues the plugin's widget script, once per page, in the footer, and notes the language of
 * the element it will take over (venue_events_page_languages), for the script's preloads.
 *
 * Registered without a version, so WordPress adds no `?ver=`: the script's chunks import it as
 * `./venue-events.js`, and a module is one per URL, so the page's URL must be that one exactly or
 * the browser fetches and runs the script a second time. The versioned folder
 * (VENUE_EVENTS_WIDGET_DIR) is what changes the URL with each release.
 *
 * @param string $locale The element's `locale` ('' for none: the page's language, English when
 *                       the site's is WordPress's default).
 */
function venue_events_enqueue_widget( $locale = '' ) {
	if ( ! wp_script_is( 'venue-events', 'registered' ) ) {
		wp_register_script( 'venue-events', venue_events_widget_script_url(), array(), null, true ); // phpcs:ignore WordPress.WP.EnqueuedResourceParameters.MissingVersion -- the version is in the path.
	}
	wp_enqueue_script( 'venue-events' );
	venue_events_page_languages( $locale );
}

/**
 * The widget's key of a locale's strings, as the widget's own `language` (widget/i18n/load.ts)
 * reads a locale: its language lowercased (`de-AT` → `de`), but `pt-br` for Brazil's Portuguese
 * (`pt-BR` → `pt-br`, `pt-PT` → `pt`); '' for no locale.
 *
 * @param string $locale A BCP 47 tag, or ''.
 * @return string
 */
function venue_events_widget_language( $locale ) {
	return (string) preg_replace( '/^(pt-br|[^-]+).*/', '$1', strtolower( trim( (string) $locale ) ) );
}

/**
 * The languages other than English of the page's elements, as the widget keys its tables
 * (venue_events_widget_language), each once; `$locale` is added first, when given. English's
 * strings ship in the widget script: it loads no chunk for them.
 *
 * @param string $locale An element's `locale`, or '' to add none.
 * @return string[]
 */
function venue_events_page_languages( $locale = '' ) {
	static $languages = array();
	$language = venue_events_widget_language( $locale );
	if ( '' !== $language && 'en' !== $language ) {
		$languages[ $language ] = true;
	}
	return array_keys( $languages );
}

/**
 * The language chunks of the widget shipped in the plugin (its `manifest.json`'s `languages`,
 * written by the widget's build, in VENUE_EVENTS_WIDGET_DIR): by the widget's table key (`more`
 * for the table of languages, `de`, `pt-br`…), the chunk's file in that folder (the basename of
 * the manifest's path) and its integrity hash. Empty when the manifest is missing or unreadable
 * (venue_events_widget_manifest).
 *
 * @return array<string,array{file:string,integrity:string}>
 */
function venue_events_language_chunks() {
	$chunks = array();
	$listed = venue_events_widget_manifest()['languages'] ?? null;
	if ( ! is_array( $listed ) ) {
		return $chunks;
	}
	foreach ( $listed as $key => $chunk ) {
		$path      = is_array( $chunk ) ? ( $chunk['path'] ?? null ) : null;
		$integrity = is_array( $chunk ) ? ( $chunk['integrity'] ?? null ) : null;
		if ( ! is_string( $path ) || ! is_string( $integrity ) ) {
			continue;
		}
		$name = wp_basename( $path );
		if ( preg_match( '/^[\w-]+\.js$/', $name ) && preg_match( '/^sha(256|384|512)-[A-Za-z0-9+\/]+={0,2}$/', $integrity ) ) {
			$chunks[ (string) $key ] = array(
				'file'      => $name,
				'integrity' => $integrity,
			);
		}
	}
	return $chunks;
}

/**
 * The `<link rel="modulepreload">`s of the chunks the widget loads, one after the other, before
 * the first cards of an element in another language than English (docs/widget.md "Size"): the
 * table of languages (`more`) once, and each of the page's languages' strings, as the plugin
 * serves them (`widget/v{plugin version}/{file}`). A language the manifest has no chunk for gets
 * the table alone (the widget loads it to learn there is none); none at all without a manifest.
 *
 * The URL is the one the widget's `import()` resolves (relative to the script's own URL: the
 * same versioned folder, no query), and the credentials mode its: the module script, which
 * WordPress writes without `crossorigin`, and the modules it imports are fetched with credentials
 * "same-origin", as `crossorigin="anonymous"` fetches. The `import()` then takes the preloaded
 * module (a module is fetched once per URL) and fetches nothing. The integrity checks the
 * preloaded file alone (the script's imports carry none); were it wrong, the browser would refuse
 * the preload with a console error and the `import()` fetch the file itself.
 *
 * @return string The links, each on its line; '' for none.
 */
function venue_events_language_preloads() {
	$chunks = venue_events_language_chunks();
	$wanted = venue_events_page_languages();
	if ( ! $wanted || ! isset( $chunks['more'] ) ) {
		return '';
	}
	$links = '';
	foreach ( array_merge( array( 'more' ), $wanted ) as $key ) {
		if ( isset( $chunks[ $key ] ) ) {
			$links .= sprintf(
				"<link rel=\"modulepreload\" href=\"%s\" integrity=\"%s\" crossorigin=\"anonymous\">\n",
				esc_url( venue_events_widget_file_url( $chunks[ $key ]['file'] ) ),
				esc_attr( $chunks[ $key ]['integrity'] )
			);
		}
	}
	return $links;
}

/**
 * Writes the widget's script tag as a module (WordPress 6.1 writes classic script tags only),
 * with the language preloads of the page's elements (venue_events_language_preloads) right
 * before it.
 *
 * @param string $tag    The tag WordPress wrote.
 * @param string $handle Its handle.
 * @return string
 */
function venue_events_module_tag( $tag, $handle ) {
	if ( 'venue-events' !== $handle ) {
		return $tag;
	}
	$tag = preg_replace( '/\stype=([\'"])text\/javascript\1/', '', $tag );
	if ( ! preg_match( '/<script\s/', $tag, $found, PREG_OFFSET_CAPTURE ) ) {
		return $tag;
	}
	$at = $found[0][1];
	return substr( $tag, 0, $at ) . venue_events_language_preloads() . '<script type="module" ' . substr( $tag, $at + strlen( $found[0][0] ) );
}

/**
 * The HTML of the element for `$given` attributes: the checked fragment, else the element around
 * the link to the listing; '' (a hint in the editor's preview) when no server or venue is set.
 * Returned as it goes in the page, with no placeholder: block output is not run through wpautop,
 * a shortcode's output comes after it, and the element's text is protected from the rest of the
 * content filters (venue_events_no_texturize, and sanitize.php's escapes).
 *
 * @param array $given The block's or shortcode's attributes.
 * @return string
 */
function venue_events_render( $given ) {
	$atts    = venue_events_clean_attributes_of( $given );
	$preview = defined( 'REST_REQUEST' ) && REST_REQUEST;
	if ( '' === $atts['server'] || '' === $atts['venue'] ) {
		return $preview
			? '<p>' . esc_html__( 'Set an events server (Settings → Venue events) and a venue (there, or in this block\'s settings).', 'venue-events' ) . '</p>'
			: '';
	}
	// Ticket link parameters are an author's own words, not one of a bounded set: a fragment with
	// them is kept only when drawn for a visitor who cannot write posts, who is shown published
	// content alone. A contributor's previews (the editor's block renderer, a post's preview, a page
	// builder's) are drawn each time, and add no kept fragment per value (docs/wordpress.md "The
	// cache is bounded").
	$keep = '' === $atts['ticketLinkParams'] || ! current_user_can( 'edit_posts' );
	$html = venue_events_fragment( $atts, $keep );
	if ( ! $preview ) {
		venue_events_enqueue_widget( $atts['locale'] );
	}
	return null === $html ? venue_events_fallback_element( $atts ) : $html;
}

/**
 * Adds `venue-events` to the elements wptexturize leaves alone: a block theme texturizes the
 * whole page again, which would curl the quotes of the cards' text.
 *
 * @param string[] $tags The elements wptexturize skips.
 * @return string[]
 */
function venue_events_no_texturize( $tags ) {
	$tags[] = 'venue-events';
	return $tags;
}

/**
 * Leaves the cards' images as the events server drew them: wp_filter_content_tags adds
 * `decoding` to every `<img>` of the content, and the block's output is part of it. The cards'
 * images are the ones with `part="image"` (docs/widget.md "Styling"), which WordPress's own
 * markup does not use.
 *
 * @param string|false $value The decoding value WordPress would add.
 * @param string       $image The `<img>` tag.
 * @return string|false
 */
function venue_events_image_decoding( $value, $image ) {
	return is_string( $image ) && false !== strpos( $image, ' part="image"' ) ? false : $value;
}

/**
 * Enqueues the widget script on a page whose content holds the element but whose blocks and
 * shortcodes were not rendered on this request (a cache of rendered content handed it back),
 * with the languages of its elements' `locale`s for the script's preloads.
 *
 * @param string $content The post's content, filtered.
 * @return string The same content.
 */
function venue_events_enqueue_for_content( $content ) {
	if ( is_string( $content ) && false !== strpos( $content, '<venue-events ' ) && ! is_admin() ) {
		venue_events_enqueue_widget();
		preg_match_all( '/<venue-events\s[^>]*?\slocale="([^"]*)"/', $content, $locales );
		foreach ( $locales[1] as $locale ) {
			venue_events_page_languages( venue_events_clean_locale( $locale ) );
		}
	}
	return $content;
}

/**
 * The block's render callback.
 *
 * @param array $attributes The block's attributes.
 * @return string
 */
function venue_events_render_block( $attributes ) {
	return venue_events_render( $attributes );
}

/**
 * Registers the block from its block.json (its title, description and keywords translated in the
 * text domain block.json names), rendered on the server, and its editor script's translations.
 */
function venue_events_register_block() {
	$block = register_block_type(
		dirname( VENUE_EVENTS_PLUGIN_FILE ),
		array( 'render_callback' => 'venue_events_render_block' )
	);
	if ( $block instanceof WP_Block_Type ) {
		venue_events_script_translations( $block->editor_script_handles );
	}
}

/**
 * `[venue_events venue="blue-room" layout="compact" …]`: the block's attributes, the same output;
 * `ticketLinkParams` is `ticket-link-params="utm_source=blog&utm_campaign={event_slug}"`.
 *
 * @param array|string $atts The shortcode's attributes ('' when none).
 * @return string
 */
function venue_events_shortcode( $atts ) {
	$atts = is_array( $atts ) ? $atts : array();
	// The element's name, `ticket-link-params`: a shortcode's names are read in lower case, so the
	// block's `ticketLinkParams` would be `ticketlinkparams`.
	if ( isset( $atts[ VENUE_EVENTS_PARAM_TICKET_LINK_PARAMS ] ) ) {
		$atts['ticketLinkParams'] = $atts[ VENUE_EVENTS_PARAM_TICKET_LINK_PARAMS ];
	}
	return venue_events_render( $atts );
}

/** Registers the shortcode. */
function venue_events_register_shortcode() {
	add_shortcode( 'venue_events', 'venue_events_shortcode' );
}

/**
 * In the block editor: the plugin's own widget script (the preview's HTML is inserted as markup,
 * where a declarative shadow root is not attached, so the element draws itself there), and for
 * the block's sidebar the allowed servers, so it can say when a block's `server` is not one.
 */
function venue_events_editor_assets() {
	venue_events_enqueue_widget();
	wp_add_inline_script(
		'venue-events-events-editor-script',
		'window.venueEventsEditor = ' . wp_json_encode( array( 'servers' => venue_events_servers() ) ) . ';',
		'before'
	);
}
