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

/** The most bytes of a fragment: a drawn page of 12 cards is some 50 kB; twenty times that is not one. */
const VENUE_EVENTS_MAX_BYTES = 1048576;

/** How long the last good copy is kept to stand in for a failing server: one week. */
const VENUE_EVENTS_LAST_GOOD_SECONDS = 604800;

/**
 * The element's query (docs/api.md §10.17): layout, category, locale, view (`views`) and ticket
 * link parameters (`ticket-link-params`, §10.19), each only when set and only under a name
 * `widget.html` reads (contract.php, generated from shared/queries.ts): a renamed parameter is
 * dropped here, never sent under its old name.
 *
 * @param array<string,string> $atts Cleaned attributes.
 * @return array<string,string>
 */
function venue_events_widget_query( array $atts ) {
	$query = array(
		VENUE_EVENTS_PARAM_LAYOUT             => $atts['layout'],
		VENUE_EVENTS_PARAM_CATEGORY           => $atts['category'],
		VENUE_EVENTS_PARAM_LOCALE             => $atts['locale'],
		VENUE_EVENTS_PARAM_VIEWS              => 'list' === $atts['view'] ? 'list' : '',
		VENUE_EVENTS_PARAM_TICKET_LINK_PARAMS => $atts['ticketLinkParams'],
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
 * The pins of a request to `$url` on the checked `$address`, for each of WordPress's transports
 * (Requests' cURL and fsockopen): cURL resolves the host to that address alone (CURLOPT_RESOLVE,
 * the TLS name and the Host header unchanged), fsockopen connects its socket to it. Without them
 * the transport would ask DNS again, whose answer may have changed since the check.
 *
 * @param string $url     The URL requested.
 * @param string $address The checked address (IPv4 or IPv6).
 * @return array<string,callable> Action → its callback.
 */
function venue_events_pins( $url, $address ) {
	$parts = wp_parse_url( $url );
	$host  = strtolower( trim( (string) ( $parts['host'] ?? '' ), '[]' ) );
	$port  = (int) ( $parts['port'] ?? ( 'https' === ( $parts['scheme'] ?? '' ) ? 443 : 80 ) );
	$ip    = false !== strpos( $address, ':' ) ? '[' . $address . ']' : $address;
	return array(
		'http_api_curl'                     => function ( $handle ) use ( $host, $port, $ip ) {
			curl_setopt( $handle, CURLOPT_RESOLVE, array( "{$host}:{$port}:{$ip}" ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- the handle WordPress hands over.
		},
		'requests-fsockopen.remote_socket' => function ( &$socket ) use ( $port, $ip ) {
			$socket = preg_replace( '#^((?:ssl|tcp)://)?.*$#', '${1}' . $ip . ':' . $port, (string) $socket );
		},
	);
}

/**
 * GETs `$url` from an allowed events server, or a WP_Error. The address is checked again as it is
 * requested (its DNS answer may have changed since the list was saved, or the local-network tick
 * been taken away), and the connection goes to the address checked (venue_events_pins); redirects
 * are not followed (a 3xx is no fragment), and an answer over VENUE_EVENTS_MAX_BYTES is refused.
 *
 * @param string $url    The fragment's URL.
 * @param string $server The events server's base URL (on the allowed list).
 * @return array|WP_Error
 */
function venue_events_get( $url, $server ) {
	$check = venue_events_server_check( $server, venue_events_allow_local() );
	if ( '' !== $check['problem'] ) {
		return new WP_Error( 'venue_events_address', $check['problem'] );
	}
	$pins = venue_events_pins( $url, $check['address'] );
	foreach ( $pins as $action => $pin ) {
		add_action( $action, $pin );
	}
	try {
		$response = wp_remote_get(
			$url,
			array(
				'timeout'             => VENUE_EVENTS_TIMEOUT_SECONDS,
				'redirection'         => 0,
				'headers'             => array( 'Accept' => 'text/html' ),
				// One byte over the bound is read, so an answer cut at the bound is told from one that fits.
				'limit_response_size' => VENUE_EVENTS_MAX_BYTES + 1,
			)
		);
	} finally {
		foreach ( $pins as $action => $pin ) {
			remove_action( $action, $pin );
		}
	}
	$length = (int) wp_remote_retrieve_header( $response, 'content-length' );
	if ( ! is_wp_error( $response ) && ( strlen( (string) wp_remote_retrieve_body( $response ) ) > VENUE_EVENTS_MAX_BYTES || $length > VENUE_EVENTS_MAX_BYTES ) ) {
		return new WP_Error( 'venue_events_size', 'The events server answered more than ' . VENUE_EVENTS_MAX_BYTES . ' bytes.' );
	}
	return $response;
}

/**
 * The transient of the fragment of `$atts`: its URL with the venues and categories as sets (sorted,
 * each once; categories in lower case, as the server compares them), so the spellings of one set
 * share one entry, the first one fetched (the same events, drawn for that spelling).
 *
 * @param array<string,string> $atts Cleaned attributes (server and venue set).
 * @return string
 */
function venue_events_cache_key( array $atts ) {
	$atts['venue']    = venue_events_sorted_list( $atts['venue'], ' ' );
	$atts['category'] = venue_events_sorted_list( strtolower( $atts['category'] ), ',' );
	return 'venue_events_' . md5( venue_events_widget_url( $atts ) );
}

/**
 * The checked fragment of `$atts`, or null when there is none to show: fresh from the transient,
 * else fetched and kept, else the last good copy. The transients are keyed by the fragment's URL,
 * made of the cleaned attributes alone (venue_events_clean_attributes_of), each from a bounded
 * set (venue_events_cache_key): the allowed servers, the venues the server answers for, its
 * categories that have events, the widget's languages, two layouts and two views; and ticket
 * link parameters only as published content gives them (`$keep` is false when a user who may
 * write posts is shown them: venue_events_render).
 *
 * @param array<string,string> $atts Cleaned attributes (server and venue set).
 * @param bool                 $keep Whether a fetched fragment is kept (transients).
 * @return string|null
 */
function venue_events_fragment( array $atts, $keep = true ) {
	$url   = venue_events_widget_url( $atts );
	$key   = venue_events_cache_key( $atts );
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
	// A category without events (its fragment has no cards) is not kept: any word is a category
	// the server answers for, and each would be an entry.
	if ( ! $keep || ( '' !== $atts['category'] && false === strpos( $html, '<template shadowrootmode=' ) ) ) {
		return $html;
	}
	$max_age = venue_events_max_age( (string) wp_remote_retrieve_header( $response, 'cache-control' ) );
	if ( $max_age > 0 ) {
		set_transient( $key, $html, $max_age );
	}
	set_transient( $key . '_last', $html, VENUE_EVENTS_LAST_GOOD_SECONDS );
	return $html;
}
