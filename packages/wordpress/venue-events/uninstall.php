<?php
/**
 * Deleting the plugin (Plugins → Delete) leaves nothing of it behind: its options on every site
 * and the network's, and the fragments it kept (transients `venue_events_*`). WordPress runs this
 * file alone, without the plugin loaded, so the names are written out here.
 *
 * @package VenueEvents
 */

if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
	exit;
}

/** The plugin's options, the one of the single server from before the list included. */
const VENUE_EVENTS_UNINSTALL_OPTIONS = array(
	'venue_events_servers',
	'venue_events_server',
	'venue_events_allow_local',
	'venue_events_venue',
	'venue_events_locale',
);

/**
 * Deletes the options and the transients of the current site. The transients are found by name
 * in the options table, where WordPress keeps them unless a persistent object cache does (that
 * cache offers no listing by name: there they expire by themselves, within a week).
 */
function venue_events_uninstall_site() {
	global $wpdb;
	foreach ( VENUE_EVENTS_UNINSTALL_OPTIONS as $option ) {
		delete_option( $option );
	}
	$names = $wpdb->get_col( // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- no API lists transients by prefix.
		$wpdb->prepare(
			"SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s",
			$wpdb->esc_like( '_transient_venue_events_' ) . '%'
		)
	);
	foreach ( $names as $name ) {
		delete_transient( substr( $name, strlen( '_transient_' ) ) );
	}
}

if ( is_multisite() ) {
	foreach ( get_sites(
		array(
			'fields' => 'ids',
			'number' => 0,
		)
	) as $site ) {
		switch_to_blog( $site );
		venue_events_uninstall_site();
		restore_current_blog();
	}
	foreach ( VENUE_EVENTS_UNINSTALL_OPTIONS as $option ) {
		delete_site_option( $option );
	}
} else {
	venue_events_uninstall_site();
}
