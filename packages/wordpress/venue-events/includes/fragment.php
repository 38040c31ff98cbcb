<?php
/**
 * The drawn element from the events server (docs/api.md §10.17): `widget.html` fetched with a
 * short timeout, checked (sanitize.php), kept in a transient for the answer's `max-age`; on a
 * failure the last good copy, else null (the caller shows the fallback link). Never a PHP
 * warning: every failure is a WP_Error or a status, read as "no fragment".
 *
 * @package VenueEvents
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/** Seconds the events server has to answer: a page waits for it at most this long. */
const VENUE_EVENTS_TIMEOUT_SECONDS = 3;

/** How long the last good copy is kept to stand in for a failing server: one week. */
const VENUE_EVENTS_LAST_GOOD_SECONDS = 604800;

/**
 * The element's query (docs/api.md §10.17): layout, category, locale and view (`views`), each
 * only when set and only under a name `widget.html` reads (contract.php, generated from
 * shared/queries.ts): a renamed parameter is dropped here, never sent under its old name.
 *
 * @param array<string,string> $atts Cleaned attributes.
 * @return array<string,string>
 */
function venue_events_widget_query( array $atts ) {
	$query = array(
		'layout'   => $atts['layout'],
		'category' => $atts['category'],
		'locale'   => $atts['locale'],
		'views'    => 'list' === $atts['view'] ? 'list' : '',
	);
	return array_intersect_key( array_filter( $query, 'strlen' ), array_flip( VENUE_EVENTS_WIDGET_PARAMETERS ) );
}

/**
 * `widget.html`'s URL: `{server}/t/{slug}/widget.html?…` for one venue,
 * `{server}/widget.html?venues=a,b&…` for several.
 *
 * @param array<string,string> $atts Cleaned attributes (server and venue set).
 * @return string
 */
function venue_events_widget_url( array $atts ) {
	$query = venue_events_widget_query( $atts );
	return venue_events_listing_url( $atts, 'widget.html', $query ? http_build_query( $query, '', '&', PHP_QUERY_RFC3986 ) : '' );
}

/**
 * The `max-age` of a Cache-Control header in seconds (0 when absent, `no-store` or `no-cache`).
 *
 * @param string $header The header's value.
 * @return int
 */
function venue_events_max_age( $header ) {
	if ( preg_match( '/no-store|no-cache/i', $header ) || ! preg_match( '/max-age=(\d+)/i', $header, $m ) ) {
		return 0;
	}
	return min( (int) $m[1], DAY_IN_SECONDS );
}

/**
 * GETs `$url` from an allowed events server, or a WP_Error. The address is checked again as it is
 * requested (its DNS answer may have changed since the list was saved, or the local-network tick
 * been taken away), and redirects are not followed: a 3xx is no fragment.
 *
 * @param string $url    The fragment's URL.
 * @param string $server The events server's base URL (on the allowed list).
 * @return array|WP_Error
 */
function venue_events_get( $url, $server ) {
	$problem = venue_events_server_problem( $server, venue_events_allow_local() );
	if ( '' !== $problem ) {
		return new WP_Error( 'venue_events_address', $problem );
	}
	return wp_remote_get(
		$url,
		array(
			'timeout'     => VENUE_EVENTS_TIMEOUT_SECONDS,
			'redirection' => 0,
			'headers'     => array( 'Accept' => 'text/html' ),
		)
	);
}

/**
 * The checked fragment of `$atts`, or null when there is none to show: fresh from the transient,
 * else fetched and kept, else the last good copy.
 *
 * @param array<string,string> $atts Cleaned attributes (server and venue set).
 * @return string|null
 */
function venue_events_fragment( array $atts ) {
	$url   = venue_events_widget_url( $atts );
	$key   = 'venue_events_' . md5( $url );
	$fresh = get_transient( $key );
	if ( is_string( $fresh ) && '' !== $fresh ) {
		return $fresh;
	}
	$response = venue_events_get( $url, $atts['server'] );
	$ok       = ! is_wp_error( $response ) && 200 === (int) wp_remote_retrieve_response_code( $response );
	$html     = $ok ? venue_events_sanitize_fragment( (string) wp_remote_retrieve_body( $response ) ) : null;
	if ( null === $html ) {
		$last = get_transient( $key . '_last' );
		return is_string( $last ) && '' !== $last ? $last : null;
	}
	$max_age = venue_events_max_age( (string) wp_remote_retrieve_header( $response, 'cache-control' ) );
	if ( $max_age > 0 ) {
		set_transient( $key, $html, $max_age );
	}
	set_transient( $key . '_last', $html, VENUE_EVENTS_LAST_GOOD_SECONDS );
	return $html;
}
