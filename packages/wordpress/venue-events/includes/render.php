<?php
/**
 * The block `venue-events/events` and the shortcode `[venue_events]`: one rendering for both
 * (docs/wordpress.md "Block" and "Shortcode"). The drawn element goes in the page, or the link to
 * the venue's listing page when there is none; the widget script is enqueued once per page, as a
 * module with `crossorigin`, to take the element over.
 *
 * @package VenueEvents
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/** The attributes of the block and the shortcode, with their defaults. */
const VENUE_EVENTS_ATTRIBUTES = array(
	'venue'    => '',
	'server'   => '',
	'layout'   => '',
	'category' => '',
	'locale'   => '',
	'view'     => '',
);

/**
 * Attributes as given, cleaned, with the settings' server, venue and locale where left empty.
 *
 * @param array $given The block's or shortcode's attributes.
 * @return array<string,string>
 */
function venue_events_clean_attributes_of( $given ) {
	$given = shortcode_atts( VENUE_EVENTS_ATTRIBUTES, is_array( $given ) ? $given : array() );
	$atts  = array(
		'server'   => venue_events_clean_server( $given['server'] ),
		'venue'    => venue_events_clean_venue( $given['venue'] ),
		'locale'   => venue_events_clean_locale( $given['locale'] ),
		'layout'   => 'compact' === $given['layout'] ? 'compact' : '',
		'category' => trim( sanitize_text_field( (string) $given['category'] ) ),
		'view'     => 'list' === $given['view'] ? 'list' : '',
	);
	$settings = array(
		'server' => 'venue_events_server',
		'venue'  => 'venue_events_venue',
		'locale' => 'venue_events_locale',
	);
	foreach ( $settings as $name => $option ) {
		if ( '' === $atts[ $name ] && '' === trim( (string) $given[ $name ] ) ) {
			$atts[ $name ] = (string) get_option( $option, '' );
		}
	}
	return $atts;
}

/**
 * The link to the venue's listing page (`/t/{slug}/events`, several venues' `/events?venues=`),
 * shown when the server gives no fragment.
 *
 * @param array<string,string> $atts Cleaned attributes (server and venue set).
 * @return string
 */
function venue_events_fallback_link( array $atts ) {
	$slugs = explode( ' ', $atts['venue'] );
	$url   = count( $slugs ) > 1
		? $atts['server'] . '/events?venues=' . implode( ',', $slugs )
		: $atts['server'] . '/t/' . $slugs[0] . '/events';
	return sprintf(
		'<p class="venue-events-fallback"><a href="%s">%s</a></p>',
		esc_url( $url ),
		esc_html__( 'See all upcoming events', 'venue-events' )
	);
}

/**
 * Enqueues the widget script of `$server` (`/widget/venue-events.js`): once per page, the first
 * element's server, since one page defines the element once.
 *
 * @param string $server The events server's base URL.
 */
function venue_events_enqueue_widget( $server ) {
	if ( ! wp_script_is( 'venue-events', 'registered' ) ) {
		wp_register_script( 'venue-events', $server . '/widget/venue-events.js', array(), null, true );
	}
	wp_enqueue_script( 'venue-events' );
}

/**
 * Writes the widget's script tag as a module with `crossorigin` (WordPress 6.1 writes classic
 * script tags only).
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
	return preg_replace( '/<script\s/', '<script type="module" crossorigin="anonymous" ', $tag, 1 );
}

/**
 * The HTML of the element for `$given` attributes: the checked fragment, else the fallback link;
 * '' (a hint in the editor's preview) when no server or venue is set.
 *
 * @param array $given The block's or shortcode's attributes.
 * @return string
 */
function venue_events_render( $given ) {
	$atts    = venue_events_clean_attributes_of( $given );
	$preview = defined( 'REST_REQUEST' ) && REST_REQUEST;
	if ( '' === $atts['server'] || '' === $atts['venue'] ) {
		return $preview
			? '<p>' . esc_html__( 'Set the events server and a venue (Settings → Venue events, or this block\'s settings).', 'venue-events' ) . '</p>'
			: '';
	}
	$html = venue_events_fragment( $atts );
	if ( null === $html ) {
		return venue_events_fallback_link( $atts );
	}
	if ( ! $preview ) {
		venue_events_enqueue_widget( $atts['server'] );
	}
	return venue_events_protect( $html );
}

/**
 * While the page is buffered (venue_events_start_buffer), a placeholder that
 * venue_events_fill_placeholders replaces by `$html` when the page is sent: no content or template
 * filter (texturizing, paragraphs, smilies, image attributes; a block theme runs some over the
 * whole template again) ever sees the element's markup. Elsewhere (the editor's preview, a feed)
 * `$html` itself.
 *
 * @param string|null $html The element's HTML; null to read the kept one of `$key`.
 * @param string|null $key  With `$html` null: the placeholder's key.
 * @param bool        $start Whether the page's buffer starts now.
 * @return string
 */
function venue_events_protect( $html, $key = null, $start = false ) {
	static $kept      = array();
	static $buffering = false;
	if ( $start ) {
		$buffering = true;
		return '';
	}
	if ( null === $html ) {
		return $kept[ (string) $key ] ?? '';
	}
	if ( ! $buffering ) {
		return $html;
	}
	$key          = 'venue-events-' . count( $kept ) . '-' . md5( $html );
	$kept[ $key ] = $html;
	return '<!--' . $key . '-->';
}

/**
 * Buffers a front-end page (template_redirect) so that its placeholders are filled as it is sent.
 */
function venue_events_start_buffer() {
	if ( is_admin() || is_feed() || wp_doing_ajax() || ( defined( 'REST_REQUEST' ) && REST_REQUEST ) ) {
		return;
	}
	ob_start( 'venue_events_fill_placeholders' );
	venue_events_protect( null, null, true );
}

/**
 * Puts the kept elements in place of their placeholders (the page's output buffer callback).
 *
 * @param string $content The page, or the part of it being sent.
 * @return string
 */
function venue_events_fill_placeholders( $content ) {
	if ( ! is_string( $content ) || false === strpos( $content, '<!--venue-events-' ) ) {
		return $content;
	}
	return preg_replace_callback(
		'/<!--(venue-events-\d+-[0-9a-f]{32})-->/',
		function ( $m ) {
			return venue_events_protect( null, $m[1] );
		},
		$content
	);
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

/** Registers the block from its block.json, rendered on the server. */
function venue_events_register_block() {
	register_block_type(
		dirname( VENUE_EVENTS_PLUGIN_FILE ),
		array( 'render_callback' => 'venue_events_render_block' )
	);
}

/**
 * `[venue_events venue="blue-room" layout="compact" …]`: the block's attributes, the same output.
 *
 * @param array|string $atts The shortcode's attributes ('' when none).
 * @return string
 */
function venue_events_shortcode( $atts ) {
	return venue_events_render( is_array( $atts ) ? $atts : array() );
}

/** Registers the shortcode. */
function venue_events_register_shortcode() {
	add_shortcode( 'venue_events', 'venue_events_shortcode' );
}

/**
 * In the block editor, the widget script of the settings' server: the preview's HTML is inserted
 * as markup, where a declarative shadow root is not attached, so the element draws itself there.
 */
function venue_events_editor_assets() {
	$server = (string) get_option( 'venue_events_server', '' );
	if ( '' !== $server ) {
		venue_events_enqueue_widget( $server );
	}
}
