<?php
/**
 * Settings → Venue events: the events servers the site allows, whether local network addresses
 * may be among them, a default venue and a default locale (docs/wordpress.md "Settings"). Saved
 * through the Settings API, whose options.php checks the `manage_options` capability and the
 * form's nonce; every value is checked on the way in, and a refused one keeps the saved value and
 * says why in an admin notice.
 *
 * Only the administrator names events servers: a block's or shortcode's `server` is used only
 * when it is on this list (render.php), so an author cannot make the site fetch from, or point
 * visitors' browsers at, a server of their own. On multisite only a network (super) administrator
 * may change the list.
 *
 * @package VenueEvents
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/** At most this many allowed servers: a list to choose from, not a directory. */
const VENUE_EVENTS_MAX_SERVERS = 20;

/**
 * IPv6 ranges that are not the public internet, as (prefix, bits): unspecified and loopback,
 * IPv4-compatible (::/96, deprecated), discard (100::/64), documentation (2001:db8::/32), unique
 * local (fc00::/7, the private range), link-local (fe80::/10), site-local (fec0::/10, deprecated)
 * and multicast (ff00::/8). The ranges that carry an IPv4 address are read by that address
 * instead (venue_events_embedded_v4).
 */
const VENUE_EVENTS_LOCAL_V6 = array(
	array( '::', 128 ),
	array( '::1', 128 ),
	array( '::', 96 ),
	array( '100::', 64 ),
	array( '2001:db8::', 32 ),
	array( 'fc00::', 7 ),
	array( 'fe80::', 10 ),
	array( 'fec0::', 10 ),
	array( 'ff00::', 8 ),
);

/**
 * Whether the packed address `$packed` starts with the first `$bits` bits of `$prefix`.
 *
 * @param string $packed An address as inet_pton packs it.
 * @param string $prefix A textual address of the same family.
 * @param int    $bits   The prefix's length.
 * @return bool
 */
function venue_events_in_range( $packed, $prefix, $bits ) {
	$range = inet_pton( $prefix );
	$bytes = intdiv( $bits, 8 );
	if ( strlen( $range ) !== strlen( $packed ) || substr( $range, 0, $bytes ) !== substr( $packed, 0, $bytes ) ) {
		return false;
	}
	$rest = $bits % 8;
	$mask = ( 0xff << ( 8 - $rest ) ) & 0xff;
	return 0 === $rest || ( ord( $range[ $bytes ] ) & $mask ) === ( ord( $packed[ $bytes ] ) & $mask );
}

/**
 * The IPv4 address an IPv6 address carries and is routed by, or '': IPv4-mapped
 * (::ffff:0:0/96), NAT64 (64:ff9b::/96) and 6to4 (2002::/16). A mapped private address reaches
 * the private host, so it is judged as that host.
 *
 * @param string $packed An IPv6 address as inet_pton packs it.
 * @return string
 */
function venue_events_embedded_v4( $packed ) {
	if ( venue_events_in_range( $packed, '::ffff:0:0', 96 ) || venue_events_in_range( $packed, '64:ff9b::', 96 ) ) {
		return (string) inet_ntop( substr( $packed, 12, 4 ) );
	}
	return venue_events_in_range( $packed, '2002::', 16 ) ? (string) inet_ntop( substr( $packed, 2, 4 ) ) : '';
}

/**
 * Whether `$ip` is a loopback address (127.0.0.0/8, ::1, ::ffff:127.0.0.0/104).
 *
 * @param string $ip An IPv4 or IPv6 address.
 * @return bool
 */
function venue_events_is_loopback( $ip ) {
	$packed = @inet_pton( $ip ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- a name is not an address: false.
	if ( false === $packed ) {
		return false;
	}
	if ( 16 === strlen( $packed ) ) {
		$v4 = venue_events_embedded_v4( $packed );
		return '' === $v4 ? venue_events_in_range( $packed, '::1', 128 ) : venue_events_is_loopback( $v4 );
	}
	return venue_events_in_range( $packed, '127.0.0.0', 8 );
}

/**
 * Whether `$ip` is on a local network: loopback, private (RFC 1918, fc00::/7), link-local (where
 * cloud metadata services answer, 169.254.169.254, fe80::/10), shared (100.64.0.0/10), otherwise
 * reserved, or an IPv6 address carrying one of those. Anything that is not an address counts as
 * local: what cannot be judged is not let through.
 *
 * @param string $ip An IPv4 or IPv6 address.
 * @return bool
 */
function venue_events_is_local_ip( $ip ) {
	$packed = @inet_pton( $ip ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- a name is not an address: false.
	if ( false === $packed ) {
		return true;
	}
	if ( 16 === strlen( $packed ) ) {
		$v4 = venue_events_embedded_v4( $packed );
		if ( '' !== $v4 ) {
			return venue_events_is_local_ip( $v4 );
		}
		foreach ( VENUE_EVENTS_LOCAL_V6 as list( $prefix, $bits ) ) {
			if ( venue_events_in_range( $packed, $prefix, $bits ) ) {
				return true;
			}
		}
	} elseif ( venue_events_in_range( $packed, '100.64.0.0', 10 ) || venue_events_in_range( $packed, '0.0.0.0', 8 ) ) {
		return true;
	}
	return false === filter_var( $ip, FILTER_VALIDATE_IP, FILTER_FLAG_NO_PRIV_RANGE | FILTER_FLAG_NO_RES_RANGE );
}

/**
 * The addresses `$host` stands for: itself when it is an IP address, else its DNS A records
 * (the system's resolver, so the hosts file too) and AAAA records. Every one is checked, and the
 * request goes to one of these very addresses (venue_events_get pins it), so an answer that
 * changes between the check and the request (DNS rebinding) is never connected to.
 *
 * @param string $host The URL's host (IPv6 in brackets).
 * @return string[] Empty when it does not resolve.
 */
function venue_events_host_addresses( $host ) {
	$bare = trim( $host, '[]' );
	if ( false !== filter_var( $bare, FILTER_VALIDATE_IP ) ) {
		return array( $bare );
	}
	if ( 'localhost' === $host || preg_match( '/\.localhost$/', $host ) ) {
		return array( '127.0.0.1' );
	}
	$found = gethostbynamel( $host );
	$found = is_array( $found ) ? $found : array();
	// The request connects to an IPv4 address (the first): AAAA answers are asked only to be
	// checked too, and a name without an IPv4 address does not resolve for the plugin.
	if ( ! $found || ! function_exists( 'dns_get_record' ) ) {
		return $found;
	}
	$v6 = @dns_get_record( $host, DNS_AAAA ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- a failed lookup warns; it is no answer.
	foreach ( is_array( $v6 ) ? $v6 : array() as $record ) {
		if ( isset( $record['ipv6'] ) && false !== filter_var( $record['ipv6'], FILTER_VALIDATE_IP, FILTER_FLAG_IPV6 ) ) {
			$found[] = $record['ipv6'];
		}
	}
	return $found;
}

/**
 * Why `$url` may not be an events server, or '' when it may, and the address to connect to:
 * https (http only to a loopback address, where nothing crosses a network), a host and nothing but
 * a path, and every address it resolves to off the local network unless `$allow_local` (the
 * administrator's tick).
 *
 * @param string $url         A URL as typed.
 * @param bool   $allow_local Whether local network addresses are allowed.
 * @return array{problem:string,address:string} The problem ('' when none, else for an admin
 *                                              notice) and, when none, the first address.
 */
function venue_events_server_check( $url, $allow_local ) {
	$parts = wp_parse_url( $url );
	$fail  = fn( $problem ) => array(
		'problem' => $problem,
		'address' => '',
	);
	if ( ! is_array( $parts ) || empty( $parts['host'] ) || ! in_array( $parts['scheme'] ?? '', array( 'http', 'https' ), true ) ) {
		/* translators: %s: the address as typed. */
		return $fail( sprintf( __( '%s is not an http(s) address.', 'venue-events' ), $url ) );
	}
	if ( isset( $parts['query'] ) || isset( $parts['fragment'] ) || isset( $parts['user'] ) || isset( $parts['pass'] ) ) {
		/* translators: %s: the address as typed. */
		return $fail( sprintf( __( '%s has a query, a fragment or a user name: give only the server\'s address.', 'venue-events' ), $url ) );
	}
	$addresses = venue_events_host_addresses( strtolower( $parts['host'] ) );
	if ( ! $addresses ) {
		/* translators: %s: the host name. */
		return $fail( sprintf( __( '%s does not resolve to an address.', 'venue-events' ), $parts['host'] ) );
	}
	$loopback = count( array_filter( $addresses, 'venue_events_is_loopback' ) ) === count( $addresses );
	if ( 'https' !== $parts['scheme'] && ! $loopback ) {
		/* translators: %s: the address as typed. */
		return $fail( sprintf( __( '%s must use https (plain http only to this machine).', 'venue-events' ), $url ) );
	}
	$local = array_values( array_filter( $addresses, 'venue_events_is_local_ip' ) );
	if ( $local && ! $allow_local ) {
		/* translators: 1: the address as typed, 2: the local IP address it stands for. */
		return $fail( sprintf( __( '%1$s is on a local network (%2$s): tick "Allow local network addresses" to use it.', 'venue-events' ), $url, $local[0] ) );
	}
	return array(
		'problem' => '',
		'address' => $addresses[0],
	);
}

/**
 * Why `$url` may not be an events server, or '' when it may (venue_events_server_check).
 *
 * @param string $url         A URL as typed.
 * @param bool   $allow_local Whether local network addresses are allowed.
 * @return string The problem, for an admin notice; '' when none.
 */
function venue_events_server_problem( $url, $allow_local ) {
	return venue_events_server_check( $url, $allow_local )['problem'];
}

/**
 * `$url` as the plugin compares and requests it: trimmed, scheme and host in lower case, no
 * trailing slash.
 *
 * @param mixed $url A URL.
 * @return string
 */
function venue_events_normal_server( $url ) {
	$url = untrailingslashit( trim( (string) $url ) );
	return preg_replace_callback(
		'#^([a-z][a-z0-9+.\-]*://)([^/]*)#i',
		function ( $m ) {
			return strtolower( $m[1] . $m[2] );
		},
		$url
	);
}

/**
 * Whether local network addresses are allowed (the administrator's tick).
 *
 * @return bool
 */
function venue_events_allow_local() {
	return (bool) get_option( 'venue_events_allow_local', false );
}

/**
 * The allowed events servers, the default first; an install from before the list (one
 * `venue_events_server`) reads as a list of that one.
 *
 * @return string[]
 */
function venue_events_servers() {
	$servers = get_option( 'venue_events_servers', null );
	if ( ! is_array( $servers ) ) {
		$legacy  = (string) get_option( 'venue_events_server', '' );
		$servers = '' === $legacy ? array() : array( $legacy );
	}
	return array_values( array_filter( array_map( 'venue_events_normal_server', $servers ) ) );
}

/**
 * The server a block or shortcode uses: `$asked` when it is on the allowed list, else the
 * default (the list's first); '' when the list is empty.
 *
 * @param mixed $asked The block's or shortcode's `server` ('' for the default).
 * @return string
 */
function venue_events_server_for( $asked ) {
	$servers = venue_events_servers();
	$asked   = venue_events_normal_server( $asked );
	if ( '' !== $asked && in_array( $asked, $servers, true ) ) {
		return $asked;
	}
	return $servers[0] ?? '';
}

/**
 * Whether the current user may change the servers and the local-network tick: on multisite only
 * a network administrator, since a server list is trusted by every site's pages.
 *
 * @return bool
 */
function venue_events_may_change_servers() {
	return ! is_multisite() || is_super_admin();
}

/**
 * The sanitiser of `venue_events_servers`: the typed list (one per line), checked whole. Any bad
 * address, or a user who may not change the list, keeps the saved list and adds a notice.
 *
 * @param mixed $value Lines of URLs (or an array of them).
 * @return string[]
 */
function venue_events_sanitize_servers( $value ) {
	$saved = venue_events_servers();
	if ( ! venue_events_may_change_servers() ) {
		add_settings_error( 'venue_events_servers', 'not-allowed', __( 'Only a network administrator may change the events servers.', 'venue-events' ) );
		return $saved;
	}
	$lines   = is_array( $value ) ? $value : preg_split( '/[\r\n]+/', (string) $value );
	$servers = array_values( array_unique( array_filter( array_map( 'venue_events_normal_server', $lines ) ) ) );
	if ( count( $servers ) > VENUE_EVENTS_MAX_SERVERS ) {
		/* translators: %d: the most servers allowed. */
		add_settings_error( 'venue_events_servers', 'too-many', sprintf( __( 'At most %d events servers; the list was not changed.', 'venue-events' ), VENUE_EVENTS_MAX_SERVERS ) );
		return $saved;
	}
	$problems = array();
	foreach ( $servers as $server ) {
		$problem = venue_events_server_problem( $server, venue_events_allow_local() );
		if ( '' !== $problem ) {
			$problems[] = $problem;
		}
	}
	if ( $problems ) {
		add_settings_error( 'venue_events_servers', 'refused', implode( ' ', $problems ) . ' ' . __( 'The list was not changed.', 'venue-events' ) );
		return $saved;
	}
	return $servers;
}

/**
 * The sanitiser of `venue_events_allow_local`: a checkbox, kept as it was for a user who may not
 * change it.
 *
 * @param mixed $value The box's value (null when unticked).
 * @return bool
 */
function venue_events_sanitize_allow_local( $value ) {
	return venue_events_may_change_servers() ? ! empty( $value ) : venue_events_allow_local();
}

/**
 * One venue slug, or several separated by spaces: the venue-list rule (docs/api.md §10.16,
 * shared/rules/venue-list.ts, its pattern and limit generated into contract.php): a slug given
 * twice counts once, then 1 to VENUE_EVENTS_MAX_VENUES slugs, each a slug as typed (lowercase
 * letters, digits, single hyphens: `Blue-Room` is refused, as the events server refuses it).
 *
 * @param mixed $value The venues as typed (spaces or commas between them).
 * @return string '' when the rule refuses the list.
 */
function venue_events_clean_venue( $value ) {
	$slugs = preg_split( '/[\s,]+/', trim( (string) $value ), -1, PREG_SPLIT_NO_EMPTY );
	$slugs = array_values( array_unique( $slugs ) );
	if ( count( $slugs ) > VENUE_EVENTS_MAX_VENUES ) {
		return '';
	}
	foreach ( $slugs as $slug ) {
		if ( ! preg_match( '/^(?:' . VENUE_EVENTS_SLUG_PATTERN . ')$/', $slug ) ) {
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

/**
 * A setting's sanitiser that refuses with a notice: `$clean`'s value, or, when it refuses a
 * non-empty input, the saved value and a notice naming the input.
 *
 * @param string   $option  The option.
 * @param callable $clean   Its cleaner ('' for refused).
 * @param string   $message The notice, with %s for the input.
 * @return callable
 */
function venue_events_refusing( $option, $clean, $message ) {
	return function ( $value ) use ( $option, $clean, $message ) {
		$cleaned = call_user_func( $clean, $value );
		if ( '' === $cleaned && '' !== trim( (string) $value ) ) {
			add_settings_error( $option, 'refused', sprintf( $message, trim( (string) $value ) ) );
			return (string) get_option( $option, '' );
		}
		return $cleaned;
	};
}

/** Registers the options with their sanitisers (the tick before the list, which reads it). */
function venue_events_register_settings() {
	register_setting(
		'venue_events',
		'venue_events_allow_local',
		array(
			'type'              => 'boolean',
			'sanitize_callback' => 'venue_events_sanitize_allow_local',
			'default'           => false,
			'show_in_rest'      => false,
		)
	);
	register_setting(
		'venue_events',
		'venue_events_servers',
		array(
			'type'              => 'array',
			'sanitize_callback' => 'venue_events_sanitize_servers',
			'default'           => array(),
			'show_in_rest'      => false,
		)
	);
	$strings = array(
		/* translators: %s: the value as typed. */
		'venue_events_venue'  => array( 'venue_events_clean_venue', __( '"%s" is not a venue slug, or several separated by spaces (at most 20); the default venue was not changed.', 'venue-events' ) ),
		/* translators: %s: the value as typed. */
		'venue_events_locale' => array( 'venue_events_clean_locale', __( '"%s" is not a language tag such as en-GB or de; the default locale was not changed.', 'venue-events' ) ),
	);
	foreach ( $strings as $name => list( $clean, $message ) ) {
		register_setting(
			'venue_events',
			$name,
			array(
				'type'              => 'string',
				'sanitize_callback' => venue_events_refusing( $name, $clean, $message ),
				'default'           => '',
				'show_in_rest'      => false,
			)
		);
	}
}

/**
 * The widget's `manifest.json` shipped in the plugin (written by the widget's build, in
 * VENUE_EVENTS_WIDGET_DIR), decoded; an empty array when the file is missing or unreadable.
 * Read once per request.
 *
 * @return array<string,mixed>
 */
function venue_events_widget_manifest() {
	static $manifest = null;
	if ( null === $manifest ) {
		$file     = dirname( VENUE_EVENTS_PLUGIN_FILE ) . '/' . VENUE_EVENTS_WIDGET_DIR . '/manifest.json';
		$decoded  = is_readable( $file ) ? json_decode( (string) file_get_contents( $file ), true ) : null; // phpcs:ignore WordPress.WP.AlternativeFunctions -- a local file.
		$manifest = is_array( $decoded ) ? $decoded : array();
	}
	return $manifest;
}

/**
 * The version of the widget shipped in the plugin (venue_events_widget_manifest), or '?' when
 * the manifest is missing.
 *
 * @return string
 */
function venue_events_widget_version() {
	$version = venue_events_widget_manifest()['version'] ?? null;
	return is_string( $version ) ? $version : '?';
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
 * One row of the settings table: a label and its control's HTML, with one line of help.
 *
 * @param string $name    The option (the control's id).
 * @param string $label   Its label.
 * @param string $control The control's HTML.
 * @param string $help    One line under it.
 */
function venue_events_settings_row( $name, $label, $control, $help ) {
	printf(
		'<tr><th scope="row"><label for="%1$s">%2$s</label></th><td>%3$s<p class="description" id="%1$s-help">%4$s</p></td></tr>',
		esc_attr( $name ),
		esc_html( $label ),
		$control, // phpcs:ignore WordPress.Security.EscapeOutput -- built from escaped parts below.
		esc_html( $help )
	);
}

/**
 * The controls of the settings table, each escaped.
 *
 * @return array<string,string> Option → its control's HTML.
 */
function venue_events_settings_controls() {
	$locked = venue_events_may_change_servers() ? '' : ' readonly disabled';
	$text   = function ( $name ) {
		return sprintf(
			'<input class="regular-text" type="text" id="%1$s" name="%1$s" value="%2$s" aria-describedby="%1$s-help">',
			esc_attr( $name ),
			esc_attr( (string) get_option( $name, '' ) )
		);
	};
	return array(
		'venue_events_servers'     => sprintf(
			'<textarea class="large-text code" rows="3" id="venue_events_servers" name="venue_events_servers" aria-describedby="venue_events_servers-help"%s>%s</textarea>',
			$locked,
			esc_textarea( implode( "\n", venue_events_servers() ) )
		),
		'venue_events_allow_local' => sprintf(
			'<input type="checkbox" id="venue_events_allow_local" name="venue_events_allow_local" value="1" aria-describedby="venue_events_allow_local-help"%s%s>',
			checked( venue_events_allow_local(), true, false ),
			$locked
		),
		'venue_events_venue'       => $text( 'venue_events_venue' ),
		'venue_events_locale'      => $text( 'venue_events_locale' ),
	);
}

/** Draws the settings page (options.php saves it). */
function venue_events_settings_page() {
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	$controls = venue_events_settings_controls();
	echo '<div class="wrap"><h1>' . esc_html__( 'Venue events', 'venue-events' ) . '</h1>';
	/* translators: %s: the widget's version. */
	echo '<p>' . esc_html( sprintf( __( 'Widget %s, shipped with this plugin: events servers give data only, never script.', 'venue-events' ), venue_events_widget_version() ) ) . '</p>';
	echo '<form method="post" action="options.php">';
	settings_fields( 'venue_events' );
	echo '<table class="form-table" role="presentation">';
	venue_events_settings_row( 'venue_events_servers', __( 'Events servers', 'venue-events' ), $controls['venue_events_servers'], __( 'One address per line, e.g. https://events.example.org; the first is the default. A block or shortcode may name only these.', 'venue-events' ) );
	venue_events_settings_row( 'venue_events_allow_local', __( 'Allow local network addresses', 'venue-events' ), $controls['venue_events_allow_local'], __( 'Only for an events server on this machine or your own network (private, link-local and loopback addresses).', 'venue-events' ) );
	venue_events_settings_row( 'venue_events_venue', __( 'Default venue', 'venue-events' ), $controls['venue_events_venue'], __( 'A venue slug, or several separated by spaces.', 'venue-events' ) );
	venue_events_settings_row( 'venue_events_locale', __( 'Default locale', 'venue-events' ), $controls['venue_events_locale'], __( 'A language tag such as en-GB or de; empty for the site\'s language.', 'venue-events' ) );
	echo '</table>';
	submit_button();
	echo '</form></div>';
}
