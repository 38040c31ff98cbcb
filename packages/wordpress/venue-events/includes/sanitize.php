<?php
/**
 * The events server is not trusted with script (docs/wordpress.md "Security model"): its
 * fragment is parsed, every node checked against an allow-list of exactly what `widget.html`
 * holds (docs/api.md §10.17), and written out again from the checked tree. Anything else (an
 * `on…` attribute, an executable `<script>`, a `javascript:` URL, an `<iframe>`, a comment) is
 * removed; a fragment that is not one `<venue-events>` element is refused (null).
 *
 * The element's look is the plugin's own: the server's `<style>` is dropped, in the declarative
 * shadow root as in the light DOM, and the shadow root gets the declarative styles of the widget
 * the plugin ships (venue_events_shipped_styles), so no rule of the server's (`:host { position:
 * fixed }`) can lay the element over the page, with or without the widget's script.
 *
 * The light DOM — what the page itself sees — is held tighter than the declarative shadow root:
 * only the element, its declarative template, data blocks (JSON, and JSON-LD that parses as
 * schema.org events) and the link to the listing; no `<style>` (it would reach the whole page),
 * no `id` or `name` (they would clobber the page's globals), no form attributes.
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
	// The element's own two, and `widget.html`'s parameters, each its attribute of that name (contract.php).
	$element = array_merge( array( 'venue', 'base-url' ), VENUE_EVENTS_ELEMENT_PARAMETERS );
	$plain   = array();
	foreach ( array( 'article', 'div', 'span', 'p', 'ul', 'ol', 'li', 's', 'strong', 'em', 'b', 'i', 'small', 'br', 'section', 'header', 'footer', 'nav', 'h2', 'h3', 'h4', 'h5', 'h6', 'venue-events-filters' ) as $name ) {
		$plain[ $name ] = array();
	}
	return $plain + array(
		'venue-events'     => $element,
		'venue-buy-button' => array_merge( $element, array( 'event' ) ),
		'template'         => array( 'shadowrootmode' ),
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
 * Removes the attributes of `$el` whose lower-case name `$known` refuses, and a URL attribute
 * whose value is not safe (venue_events_safe_url): the one attribute check of both DOMs.
 *
 * @param DOMElement $el    The element.
 * @param callable   $known Lower-case name → whether it may stay.
 */
function venue_events_remove_attributes( DOMElement $el, callable $known ) {
	foreach ( iterator_to_array( $el->attributes ) as $attribute ) {
		$name   = strtolower( $attribute->nodeName );
		$unsafe = in_array( $name, VENUE_EVENTS_URL_ATTRIBUTES, true ) && ! venue_events_safe_url( $attribute->value );
		if ( ! $known( $name ) || $unsafe ) {
			$el->removeAttribute( $attribute->nodeName );
		}
	}
}

/**
 * Removes the attributes of `$el` the allow-list does not name.
 *
 * @param DOMElement $el      The element.
 * @param string[]   $allowed Its own attributes.
 */
function venue_events_clean_attributes( DOMElement $el, array $allowed ) {
	venue_events_remove_attributes(
		$el,
		fn( $name ) => in_array( $name, $allowed, true ) || in_array( $name, VENUE_EVENTS_GLOBAL_ATTRIBUTES, true )
			|| preg_match( '/^(aria|data)-[a-z0-9\-]+$/', $name )
	);
	if ( 'template' === $el->nodeName && ! in_array( $el->getAttribute( 'shadowrootmode' ), array( 'open', 'closed' ), true ) ) {
		$el->removeAttribute( 'shadowrootmode' );
	}
}

/**
 * Checks `$node`'s children inside the declarative shadow root, depth first: removes what is not
 * allowed, with its content.
 *
 * @param DOMNode             $node    The parent.
 * @param array<string,array> $allowed venue_events_allowed_elements().
 */
function venue_events_clean_children( DOMNode $node, array $allowed ) {
	foreach ( iterator_to_array( $node->childNodes ) as $child ) {
		if ( XML_TEXT_NODE === $child->nodeType ) {
			continue;
		}
		$name = XML_ELEMENT_NODE === $child->nodeType ? strtolower( $child->nodeName ) : '';
		$keep = isset( $allowed[ $name ] ) && ( 'script' !== $name || venue_events_data_block( $child ) );
		if ( ! $keep ) {
			$node->removeChild( $child );
			continue;
		}
		venue_events_clean_attributes( $child, $allowed[ $name ] );
		if ( 'script' !== $name ) {
			venue_events_clean_children( $child, $allowed );
		}
	}
}

/**
 * Whether `$item` (one decoded JSON-LD node) is a schema.org event: its `@context` schema.org and
 * its `@type` `Event` or a kind of it (`MusicEvent`, `TheaterEvent`, `Festival` …).
 *
 * @param mixed $item A decoded JSON value.
 * @return bool
 */
function venue_events_is_event( $item ) {
	if ( ! is_array( $item ) || ! isset( $item['@context'], $item['@type'] ) || ! is_string( $item['@context'] ) ) {
		return false;
	}
	$types = (array) $item['@type'];
	foreach ( $types as $type ) {
		if ( ! is_string( $type ) || ! preg_match( '/^(?:[A-Z][A-Za-z]*Event|Event|Festival)$/', $type ) ) {
			return false;
		}
	}
	return $types && preg_match( '#^https?://schema\.org/?$#', $item['@context'] );
}

/**
 * Whether a light-DOM `<script>` may stay: the JSON data block, or JSON-LD whose every node is a
 * schema.org event (one, or a list of them).
 *
 * @param DOMElement $el The script.
 * @return bool
 */
function venue_events_light_data_block( DOMElement $el ) {
	if ( ! venue_events_data_block( $el ) ) {
		return false;
	}
	if ( 'application/ld+json' !== strtolower( trim( $el->getAttribute( 'type' ) ) ) ) {
		return true;
	}
	$data  = json_decode( $el->textContent, true );
	$items = is_array( $data ) && array_keys( $data ) === range( 0, count( $data ) - 1 ) ? $data : array( $data );
	return $items && count( array_filter( $items, 'venue_events_is_event' ) ) === count( $items );
}

/**
 * The declarative styles of the widget the plugin ships (`declarative.css` in
 * VENUE_EVENTS_WIDGET_DIR, written by scripts/build-wordpress.mjs from the release's own drawing
 * of `widget.html`), or null when the file is missing, unreadable or could end its `<style>`.
 * Read once per request.
 *
 * @return string|null
 */
function venue_events_shipped_styles() {
	static $styles = false;
	if ( false === $styles ) {
		$file   = dirname( VENUE_EVENTS_PLUGIN_FILE ) . '/' . VENUE_EVENTS_WIDGET_DIR . '/declarative.css';
		$text   = is_readable( $file ) ? (string) file_get_contents( $file ) : ''; // phpcs:ignore WordPress.WP.AlternativeFunctions -- a local file.
		$styles = '' === trim( $text ) || preg_match( '/<\/style/i', $text ) ? null : $text;
	}
	return $styles;
}

/**
 * Checks the light DOM of the `<venue-events>` element: the element keeps its own attributes,
 * none of the global ones but `lang` and `dir`; its children may be the declarative template
 * (checked as the shadow root, its styles the plugin's), data blocks, and links (`href` only,
 * text inside). Everything else goes, `<style>`, `id`, `name` and form attributes with it. Without
 * the shipped styles the drawn cards go too: the link shows until the widget draws them itself.
 *
 * @param DOMElement          $element The `<venue-events>` element.
 * @param array<string,array> $allowed venue_events_allowed_elements().
 */
function venue_events_clean_light( DOMElement $element, array $allowed ) {
	$styles = venue_events_shipped_styles();
	venue_events_clean_light_attributes( $element, $allowed['venue-events'] );
	foreach ( iterator_to_array( $element->childNodes ) as $child ) {
		if ( XML_TEXT_NODE === $child->nodeType ) {
			continue;
		}
		$name = XML_ELEMENT_NODE === $child->nodeType ? strtolower( $child->nodeName ) : '';
		if ( 'template' === $name && in_array( $child->getAttribute( 'shadowrootmode' ), array( 'open', 'closed' ), true ) && null !== $styles ) {
			venue_events_clean_light_attributes( $child, array( 'shadowrootmode' ) );
			venue_events_clean_children( $child, $allowed );
			$style = $child->ownerDocument->createElement( 'style' );
			$style->appendChild( $child->ownerDocument->createTextNode( $styles ) );
			$child->insertBefore( $style, $child->firstChild );
		} elseif ( 'script' === $name && venue_events_light_data_block( $child ) ) {
			venue_events_clean_light_attributes( $child, array( 'type', 'data-url', 'data-venue-events-page', 'data-venue-events-drawn' ) );
		} elseif ( 'a' === $name ) {
			venue_events_clean_light_attributes( $child, array( 'href', 'rel', 'hreflang' ) );
			venue_events_set_text( $child, $child->textContent );
		} else {
			$element->removeChild( $child );
		}
	}
}

/**
 * Removes the attributes of a light-DOM element but its own `$allowed` ones, `lang` and `dir`;
 * URL attributes only when safe (venue_events_safe_url).
 *
 * @param DOMElement $el      The element.
 * @param string[]   $allowed Its own attributes.
 */
function venue_events_clean_light_attributes( DOMElement $el, array $allowed ) {
	venue_events_remove_attributes( $el, fn( $name ) => in_array( $name, $allowed, true ) || in_array( $name, array( 'lang', 'dir' ), true ) );
}

/**
 * Makes `$text` the only child of `$el`, as a text node: an element's nodeValue would read
 * entities in it, and a script's content is raw text.
 *
 * @param DOMElement $el   The element.
 * @param string     $text Its new content.
 */
function venue_events_set_text( DOMElement $el, $text ) {
	while ( $el->firstChild ) {
		$el->removeChild( $el->firstChild );
	}
	$el->appendChild( $el->ownerDocument->createTextNode( $text ) );
}

/** Characters of text that WordPress's content filters would act on, and their stand-ins. */
const VENUE_EVENTS_STAND_INS = array(
	'[' => "\u{E05B}",
	':' => "\u{E03A}",
	';' => "\u{E03B}",
	'8' => "\u{E038}",
);

/**
 * Marks the characters of `$node`'s text that a content filter run over the page would rewrite:
 * every `[`, in text and in attribute values (do_shortcode would run a shortcode written in an
 * event's text or in a link to it), and the first
 * character of each smiley convert_smilies would turn into an image. They are written as
 * character references (venue_events_write_stand_ins), which the filters do not read and the
 * browser shows as the characters. In JSON data blocks a `[` inside a string becomes `\u005b`.
 *
 * @param DOMNode     $node    The element to walk.
 * @param string|null $smilies convert_smilies' pattern when smilies are on, else null.
 */
function venue_events_mark_filtered_text( DOMNode $node, $smilies ) {
	if ( $node instanceof DOMElement ) {
		venue_events_mark_attributes( $node );
	}
	foreach ( iterator_to_array( $node->childNodes ) as $child ) {
		$name = strtolower( $child->nodeName );
		if ( XML_TEXT_NODE === $child->nodeType ) {
			$text = $child->nodeValue;
			if ( null !== $smilies ) {
				$text = preg_replace_callback(
					$smilies,
					function ( $m ) {
						return strtr( $m[0], array_slice( VENUE_EVENTS_STAND_INS, 1, null, true ) );
					},
					$text
				);
			}
			$child->nodeValue = str_replace( '[', VENUE_EVENTS_STAND_INS['['], $text );
		} elseif ( 'script' === $name ) {
			venue_events_mark_attributes( $child );
			if ( false === strpos( $child->textContent, '[' ) ) {
				continue;
			}
			$json = preg_replace_callback(
				'/"(?:[^"\\\\]|\\\\.)*"/s',
				function ( $m ) {
					return str_replace( '[', '\u005b', $m[0] );
				},
				$child->textContent
			);
			venue_events_set_text( $child, $json );
		} elseif ( XML_ELEMENT_NODE === $child->nodeType && 'style' !== $name ) {
			venue_events_mark_filtered_text( $child, $smilies );
		}
	}
}

/**
 * Marks every `[` of `$el`'s attribute values as text's are (venue_events_mark_filtered_text):
 * do_shortcode runs the shortcodes it finds inside HTML attributes too. Not in `href` and `src`,
 * which the serialiser writes URL-escaped (`%5B`), and where a stand-in would be escaped so too.
 *
 * @param DOMElement $el The element.
 */
function venue_events_mark_attributes( DOMElement $el ) {
	foreach ( iterator_to_array( $el->attributes ) as $attribute ) {
		if ( false !== strpos( $attribute->value, '[' ) && ! in_array( strtolower( $attribute->nodeName ), array( 'href', 'src' ), true ) ) {
			$el->setAttribute( $attribute->nodeName, str_replace( '[', VENUE_EVENTS_STAND_INS['['], $attribute->value ) );
		}
	}
}

/**
 * `$html` with the stand-ins of venue_events_mark_filtered_text written as character references.
 *
 * @param string $html The serialised fragment.
 * @return string
 */
function venue_events_write_stand_ins( $html ) {
	$references = array();
	foreach ( VENUE_EVENTS_STAND_INS as $character => $stand_in ) {
		$references[ $stand_in ] = '&#' . ord( (string) $character ) . ';';
	}
	return strtr( $html, $references );
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
	$element = $elements[0];
	venue_events_clean_light( $element, venue_events_allowed_elements() );
	global $wp_smiliessearch;
	venue_events_mark_filtered_text( $element, is_string( $wp_smiliessearch ) && get_option( 'use_smilies' ) ? $wp_smiliessearch : null );
	$html = venue_events_write_stand_ins( $doc->saveHTML( $element ) );
	return str_replace( array( "\r\n", "\n", "\r" ), ' ', $html );
}
