<?php
/**
 * The events server is not trusted with script (docs/wordpress.md "Security model"): its
 * fragment is parsed, every node checked against an allow-list of exactly what `widget.html`
 * holds (docs/api.md §10.17), and written out again from the checked tree. Anything else (an
 * `on…` attribute, an executable `<script>`, a `javascript:` URL, an `<iframe>`, a comment) is
 * removed; a fragment that is not one `<venue-events>` element is refused (null).
 *
 * wp_kses is not used: it rewrites `&` and lone `>` in the styles and in JSON data blocks (which
 * are raw text), so the element's own markup would not survive it.
 *
 * @package VenueEvents
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/** Attributes every allowed element may carry (besides aria-* and data-*). */
const VENUE_EVENTS_GLOBAL_ATTRIBUTES = array( 'class', 'id', 'part', 'exportparts', 'lang', 'dir', 'title', 'role', 'hidden', 'slot' );

/** The URL attributes: their value must be http(s), relative or a fragment. */
const VENUE_EVENTS_URL_ATTRIBUTES = array( 'href', 'src', 'base-url' );

/**
 * Element → its own attributes. `script` and `template` have rules of their own besides.
 *
 * @return array<string, string[]>
 */
function venue_events_allowed_elements() {
	$element = array( 'venue', 'base-url', 'layout', 'locale', 'category', 'views', 'page', 'heading-level', 'no-filters', 'no-share' );
	$plain   = array();
	foreach ( array( 'article', 'div', 'span', 'p', 'ul', 'ol', 'li', 's', 'strong', 'em', 'b', 'i', 'small', 'br', 'section', 'header', 'footer', 'nav', 'h2', 'h3', 'h4', 'h5', 'h6', 'venue-events-filters' ) as $name ) {
		$plain[ $name ] = array();
	}
	return $plain + array(
		'venue-events'     => $element,
		'venue-buy-button' => array_merge( $element, array( 'event' ) ),
		'template'         => array( 'shadowrootmode' ),
		'style'            => array(),
		'script'           => array( 'type', 'data-url', 'data-venue-events-page', 'data-venue-events-drawn' ),
		'a'                => array( 'href', 'rel', 'hreflang' ),
		'img'              => array( 'src', 'alt', 'width', 'height', 'loading', 'decoding' ),
		'time'             => array( 'datetime' ),
		'button'           => array( 'type', 'disabled' ),
	);
}

/**
 * Whether a URL attribute's value is http(s), relative or a fragment: no `javascript:`, `data:`
 * or other scheme, however it is spelt (entities are decoded by the parser already; spaces and
 * control characters, which a browser skips, are skipped here too).
 *
 * @param string $url The attribute's value.
 * @return bool
 */
function venue_events_safe_url( $url ) {
	$bare = strtolower( preg_replace( '/[\x00-\x20\x7f]+/', '', $url ) );
	if ( ! preg_match( '/^([a-z][a-z0-9+.\-]*):/', $bare, $match ) ) {
		return true;
	}
	return in_array( $match[1], array( 'http', 'https' ), true );
}

/**
 * Whether a `<script>` is a data block the fragment may hold: JSON or JSON-LD, valid JSON, and
 * nothing that could end the block early or open a comment in it.
 *
 * @param DOMElement $el The script.
 * @return bool
 */
function venue_events_data_block( DOMElement $el ) {
	$type = strtolower( trim( $el->getAttribute( 'type' ) ) );
	if ( 'application/json' !== $type && 'application/ld+json' !== $type ) {
		return false;
	}
	$text = $el->textContent;
	if ( preg_match( '/<\/script|<!--/i', $text ) ) {
		return false;
	}
	json_decode( $text );
	return JSON_ERROR_NONE === json_last_error();
}

/**
 * Removes the attributes of `$el` the allow-list does not name.
 *
 * @param DOMElement $el      The element.
 * @param string[]   $allowed Its own attributes.
 */
function venue_events_clean_attributes( DOMElement $el, array $allowed ) {
	$names = array();
	foreach ( $el->attributes as $attribute ) {
		$names[] = $attribute->nodeName;
	}
	foreach ( $names as $name ) {
		$lower = strtolower( $name );
		$known = in_array( $lower, $allowed, true ) || in_array( $lower, VENUE_EVENTS_GLOBAL_ATTRIBUTES, true )
			|| preg_match( '/^(aria|data)-[a-z0-9\-]+$/', $lower );
		$unsafe = in_array( $lower, VENUE_EVENTS_URL_ATTRIBUTES, true ) && ! venue_events_safe_url( $el->getAttribute( $name ) );
		if ( ! $known || $unsafe ) {
			$el->removeAttribute( $name );
		}
	}
	if ( 'template' === $el->nodeName && ! in_array( $el->getAttribute( 'shadowrootmode' ), array( 'open', 'closed' ), true ) ) {
		$el->removeAttribute( 'shadowrootmode' );
	}
}

/**
 * Checks `$node`'s children, depth first: removes what is not allowed, with its content.
 *
 * @param DOMNode             $node    The parent.
 * @param array<string,array> $allowed venue_events_allowed_elements().
 */
function venue_events_clean_children( DOMNode $node, array $allowed ) {
	$children = array();
	foreach ( $node->childNodes as $child ) {
		$children[] = $child;
	}
	foreach ( $children as $child ) {
		if ( XML_TEXT_NODE === $child->nodeType ) {
			continue;
		}
		$name = XML_ELEMENT_NODE === $child->nodeType ? strtolower( $child->nodeName ) : '';
		$keep = isset( $allowed[ $name ] ) && ( 'script' !== $name || venue_events_data_block( $child ) )
			&& ( 'style' !== $name || ! preg_match( '/<\/style/i', $child->textContent ) );
		if ( ! $keep ) {
			$node->removeChild( $child );
			continue;
		}
		venue_events_clean_attributes( $child, $allowed[ $name ] );
		if ( 'script' !== $name && 'style' !== $name ) {
			venue_events_clean_children( $child, $allowed );
		}
	}
}

/**
 * The fragment as it may go in the page, or null when it is refused: not exactly one
 * `<venue-events>` element (whitespace aside), or not parseable. Line breaks become spaces, so a
 * content filter that adds paragraphs at line breaks (wpautop) finds none.
 *
 * @param string $html The events server's `widget.html` body (UTF-8).
 * @return string|null
 */
function venue_events_sanitize_fragment( $html ) {
	if ( ! class_exists( 'DOMDocument' ) || '' === trim( $html ) ) {
		return null;
	}
	$doc      = new DOMDocument();
	$previous = libxml_use_internal_errors( true );
	$loaded   = $doc->loadHTML(
		'<!DOCTYPE html><html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head><body><div id="venue-events-fragment">' . $html . '</div></body></html>',
		LIBXML_NONET
	);
	libxml_clear_errors();
	libxml_use_internal_errors( $previous );
	$root = $loaded ? $doc->getElementById( 'venue-events-fragment' ) : null;
	if ( ! $root ) {
		return null;
	}
	$elements = array();
	foreach ( $root->childNodes as $child ) {
		if ( XML_TEXT_NODE === $child->nodeType && '' === trim( $child->textContent ) ) {
			continue;
		}
		$elements[] = $child;
	}
	if ( 1 !== count( $elements ) || 'venue-events' !== strtolower( $elements[0]->nodeName ) ) {
		return null;
	}
	$holder = $doc->createElement( 'div' );
	$holder->appendChild( $elements[0] );
	venue_events_clean_children( $holder, venue_events_allowed_elements() );
	if ( ! $holder->firstChild ) {
		return null;
	}
	return str_replace( array( "\r\n", "\n", "\r" ), ' ', $doc->saveHTML( $holder->firstChild ) );
}
