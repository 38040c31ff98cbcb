<?php
/**
 * Plugin Name:       Venue events
 * Plugin URI:        https://github.com/venue-events/venue-events
 * Description:       A venue's upcoming events as cards in the page's HTML, drawn by the events server and taken over by the venue-events widget: a block and a [venue_events] shortcode.
 * Version:           0.2.1
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * Author:            venue-events
 * License:           MIT
 * License URI:       https://opensource.org/licenses/MIT
 * Text Domain:       venue-events
 * Domain Path:       /languages
 *
 * The plugin's whole design is in docs/wordpress.md; the fragment it includes is the events
 * server's `widget.html` (docs/api.md §10.17), and the widget script it loads is its own copy in
 * `widget/v{version}/`, built from the same release: events servers give data, never code.
 *
 * @package VenueEvents
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

define( 'VENUE_EVENTS_PLUGIN_FILE', __FILE__ );
define( 'VENUE_EVENTS_PLUGIN_VERSION', '0.2.1' );
/**
 * The plugin's folder of the widget's files (its script, chunks and manifest), named by the
 * plugin's version (scripts/build-wordpress.mjs copies them there): a plugin update changes every
 * URL of the widget, so no cached copy outlives it, and none carries a `?ver=` query, so the URL
 * the page loads the script from is the very one its chunks import it by (one module per URL).
 */
define( 'VENUE_EVENTS_WIDGET_DIR', 'widget/v' . VENUE_EVENTS_PLUGIN_VERSION );

require_once __DIR__ . '/includes/contract.php';
require_once __DIR__ . '/includes/i18n.php';
require_once __DIR__ . '/includes/settings.php';
require_once __DIR__ . '/includes/sanitize.php';
require_once __DIR__ . '/includes/fragment.php';
require_once __DIR__ . '/includes/render.php';

add_action( 'admin_menu', 'venue_events_settings_menu' );
add_action( 'admin_init', 'venue_events_register_settings' );
add_action( 'init', 'venue_events_load_textdomain' );
add_action( 'init', 'venue_events_register_block' );
add_action( 'init', 'venue_events_register_shortcode' );
add_action( 'enqueue_block_editor_assets', 'venue_events_editor_assets' );
add_filter( 'no_texturize_tags', 'venue_events_no_texturize' );
add_filter( 'wp_img_tag_add_decoding_attr', 'venue_events_image_decoding', 10, 2 );
add_filter( 'the_content', 'venue_events_enqueue_for_content', PHP_INT_MAX );
add_filter( 'script_loader_tag', 'venue_events_module_tag', 10, 2 );
