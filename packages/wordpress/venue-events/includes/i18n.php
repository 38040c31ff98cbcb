<?php
/**
 * The plugin's languages (docs/wordpress.md "Languages"): its strings go through WordPress's i18n
 * functions with the text domain `venue-events`, translated from the site's `languages/plugins`
 * folder (translate.wordpress.org's packs) or the plugin's own `languages/` (Domain Path), whose
 * template, `languages/venue-events.pot`, the build writes; the block editor's script through
 * `wp.i18n`, from the JSON files `wp i18n make-json` makes of a translation. The block's and the
 * shortcode's `locale` defaults to the site's language, as the widget reads a language: a BCP 47
 * tag (`de_DE` → `de-DE`).
 *
 * @package VenueEvents
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The folder of the plugin's own translations (the header's Domain Path), for the script's JSON
 * files: an absolute path.
 *
 * @return string
 */
function venue_events_languages_path() {
	return plugin_dir_path( VENUE_EVENTS_PLUGIN_FILE ) . 'languages';
}

/**
 * Loads the plugin's translations (on `init`): the site's `languages/plugins/venue-events-{locale}.mo`
 * first, as WordPress does for every plugin, else the one in the plugin's `languages/`.
 */
function venue_events_load_textdomain() {
	load_plugin_textdomain( 'venue-events', false, dirname( plugin_basename( VENUE_EVENTS_PLUGIN_FILE ) ) . '/languages' );
}

/**
 * The editor script's translations (`wp.i18n`): from the site's languages folder, else the
 * plugin's own `languages/` (`venue-events-{locale}-{md5 of build/editor.js}.json`).
 *
 * @param string[] $handles The block's editor script handles.
 */
function venue_events_script_translations( $handles ) {
	foreach ( $handles as $handle ) {
		wp_set_script_translations( $handle, 'venue-events', venue_events_languages_path() );
	}
}

/**
 * A WordPress locale as a BCP 47 language tag, the form the widget and `widget.html` read:
 * `de_DE` → `de-DE`, `pt_BR` → `pt-BR`, `fr` → `fr`, `es_419` → `es-419`. WordPress's variants
 * (`de_DE_formal`, `pt_PT_ao90`, `nl_NL_formal`) are not BCP 47 subtags and are dropped: their
 * language and region remain. '' for what is not a locale.
 *
 * @param mixed $locale A WordPress locale (`get_locale()`).
 * @return string
 */
function venue_events_locale_tag( $locale ) {
	if ( ! is_string( $locale ) || ! preg_match( '/^([a-z]{2,3})(?:_([A-Z][a-z]{3}))?(?:_([A-Z]{2}|\d{3}))?(?:_[A-Za-z0-9]+)*$/', $locale, $m ) ) {
		return '';
	}
	return implode( '-', array_filter( array( $m[1], $m[2] ?? '', $m[3] ?? '' ), 'strlen' ) );
}

/**
 * The site's language for the element (Settings → General → Site Language, or a multilingual
 * plugin's `locale` filter for this page), or '' when it is WordPress's own default, `en_US`: the
 * events server's default too (English, with `en-US`'s dates), so an English site's element,
 * `widget.html` address and cache stay as they were. Not `determine_locale()`: in the editor's
 * preview (a REST request with `_locale=user`) that is the editing user's language, and the block
 * would preview in another language than its page shows.
 *
 * @return string A BCP 47 tag, or ''.
 */
function venue_events_site_locale() {
	$tag = venue_events_locale_tag( get_locale() );
	return 'en-US' === $tag ? '' : $tag;
}
