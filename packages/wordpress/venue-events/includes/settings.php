<?php
/**
 * Settings → Venue events: the events server's URL, a default venue and a default locale
 * (docs/wordpress.md "Settings"). Saved through the Settings API, whose options.php checks the
 * `manage_options` capability and the form's nonce; every value is sanitised on the way in.
 *
 * @package VenueEvents
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The events server's base URL without a trailing slash, or '' when it is not acceptable:
 * https, or http only to a local address (localhost, *.localhost, 127.0.0.0/8, [::1]), since a
 * fragment fetched over plain http from afar could be changed on the way.
 *
 * @param mixed $value The URL as typed.
 * @return string
 */
function venue_events_clean_server( $value ) {
	$url = esc_url_raw( trim( (string) $value ), array( 'http', 'https' ) );
	$parts = wp_parse_url( $url );
	if ( ! is_array( $parts ) || empty( $parts['host'] ) || empty( $parts['scheme'] ) ) {
		return '';
	}
	if ( isset( $parts['query'] ) || isset( $parts['fragment'] ) || isset( $parts['user'] ) ) {
		return '';
	}
	$host  = strtolower( $parts['host'] );
	$local = 'localhost' === $host || '[::1]' === $host
		|| preg_match( '/\.localhost$/', $host ) || preg_match( '/^127(\.\d{1,3}){3}$/', $host );
	if ( 'https' !== $parts['scheme'] && ! $local ) {
		return '';
	}
	return untrailingslashit( $url );
}

/**
 * One venue slug, or several separated by spaces (docs/api.md §10.16: 1 to 20, each a slug);
 * '' when any is not a slug.
 *
 * @param mixed $value The venues as typed (spaces or commas between them).
 * @return string
 */
function venue_events_clean_venue( $value ) {
	$slugs = preg_split( '/[\s,]+/', strtolower( trim( (string) $value ) ), -1, PREG_SPLIT_NO_EMPTY );
	$slugs = array_values( array_unique( $slugs ) );
	if ( count( $slugs ) > 20 ) {
		return '';
	}
	foreach ( $slugs as $slug ) {
		if ( ! preg_match( '/^[a-z0-9]+(?:-[a-z0-9]+)*$/', $slug ) ) {
			return '';
		}
	}
	return implode( ' ', $slugs );
}

/**
 * A BCP 47 tag as the element reads one (`en`, `de-AT`, `pt-BR`), or ''.
 *
 * @param mixed $value The locale as typed.
 * @return string
 */
function venue_events_clean_locale( $value ) {
	$value = trim( (string) $value );
	return preg_match( '/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/', $value ) ? $value : '';
}

/** Registers the three options with their sanitisers. */
function venue_events_register_settings() {
	$options = array(
		'venue_events_server' => 'venue_events_clean_server',
		'venue_events_venue'  => 'venue_events_clean_venue',
		'venue_events_locale' => 'venue_events_clean_locale',
	);
	foreach ( $options as $name => $clean ) {
		register_setting(
			'venue_events',
			$name,
			array(
				'type'              => 'string',
				'sanitize_callback' => $clean,
				'default'           => '',
				'show_in_rest'      => false,
			)
		);
	}
}

/** Adds Settings → Venue events. */
function venue_events_settings_menu() {
	add_options_page(
		__( 'Venue events', 'venue-events' ),
		__( 'Venue events', 'venue-events' ),
		'manage_options',
		'venue-events',
		'venue_events_settings_page'
	);
}

/**
 * One row of the settings table.
 *
 * @param string $name  The option.
 * @param string $label Its label.
 * @param string $type  The input's type.
 * @param string $help  One line under the input.
 */
function venue_events_settings_row( $name, $label, $type, $help ) {
	printf(
		'<tr><th scope="row"><label for="%1$s">%2$s</label></th><td><input class="regular-text" type="%3$s" id="%1$s" name="%1$s" value="%4$s"><p class="description">%5$s</p></td></tr>',
		esc_attr( $name ),
		esc_html( $label ),
		esc_attr( $type ),
		esc_attr( (string) get_option( $name, '' ) ),
		esc_html( $help )
	);
}

/** Draws the settings page (options.php saves it). */
function venue_events_settings_page() {
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	echo '<div class="wrap"><h1>' . esc_html__( 'Venue events', 'venue-events' ) . '</h1>';
	echo '<form method="post" action="options.php">';
	settings_fields( 'venue_events' );
	echo '<table class="form-table" role="presentation">';
	venue_events_settings_row( 'venue_events_server', __( 'Events server', 'venue-events' ), 'url', __( 'Its address, e.g. https://events.example.org (https, or http to a local address).', 'venue-events' ) );
	venue_events_settings_row( 'venue_events_venue', __( 'Default venue', 'venue-events' ), 'text', __( 'A venue slug, or several separated by spaces.', 'venue-events' ) );
	venue_events_settings_row( 'venue_events_locale', __( 'Default locale', 'venue-events' ), 'text', __( 'A language tag such as en-GB or de; empty for the events server\'s default.', 'venue-events' ) );
	echo '</table>';
	submit_button();
	echo '</form></div>';
}
