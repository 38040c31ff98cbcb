<?php
/**
 * A static scan of the WordPress plugin's PHP for test/shared/wordpress-i18n.test.ts, with PHP's
 * own tokenizer (token_get_all), apart from the build's reader of the same files (php-parser, in
 * scripts/build-wordpress.mjs), so that the two check each other.
 *
 * Usage: php wordpress-i18n.php ROOT FILE… (FILE relative to ROOT). Prints JSON:
 *
 * - `calls`: every call of a WordPress i18n function: `{ file, line, fn, args, comment }`, `args`
 *   each a literal string's value or null for anything else, `comment` the translators' comment
 *   ending on the call's line or the line before, or null;
 * - `untranslated`: `{ file, line, text }` for each string literal that reaches the page as it is
 *   written, as far as a scan can tell: echoed or printed with no call around it, or returned so when it is markup; the
 *   visible argument of an escaping or output function (`esc_html( 'Save' )`, printf's format,
 *   add_settings_error's message); an argument of one of the plugin's own functions whose
 *   parameter is a `$label`, `$help`, `$message` or `$title`. A literal counts when it holds a word
 *   outside its tags, placeholders and entities, or in a `title`, `alt`, `placeholder` or
 *   `aria-label` attribute.
 *
 * @package VenueEvents
 */

/** WordPress's i18n functions (the test knows where each one's message and domain are). */
const I18N = array( '__', '_e', 'esc_html__', 'esc_html_e', 'esc_attr__', 'esc_attr_e', '_x', '_ex', 'esc_html_x', 'esc_attr_x', '_n', '_nx', '_n_noop', '_nx_noop', 'translate' );

/** WordPress's functions whose arguments at these positions reach the page as they are. */
const OUTPUT = array(
	'esc_html'             => array( 0 ),
	'esc_attr'             => array( 0 ),
	'esc_textarea'         => array( 0 ),
	'wp_kses_post'         => array( 0 ),
	'printf'               => array( 0 ),
	'sprintf'              => array( 0 ),
	'vsprintf'             => array( 0 ),
	'wp_die'               => array( 0, 1 ),
	'add_settings_error'   => array( 2 ),
	'add_options_page'     => array( 0, 1 ),
	'add_menu_page'        => array( 0, 1 ),
	'add_submenu_page'     => array( 1, 2 ),
	'add_settings_section' => array( 1 ),
	'add_settings_field'   => array( 1 ),
	'submit_button'        => array( 0 ),
	'wp_trigger_error'     => array( 1 ),
);

/** The parameters of the plugin's own functions whose values are shown. */
const VISIBLE_PARAMETERS = array( '$label', '$help', '$message', '$title', '$text' );

/**
 * Whether a literal's value holds words a visitor or an administrator reads.
 *
 * @param string $value The literal's value.
 * @return bool
 */
function scan_visible( $value ) {
	if ( preg_match( '/\b(?:title|alt|placeholder|aria-label)\s*=\s*(["\'])[^"\'%]*[A-Za-z]{2,}/i', $value ) ) {
		return true;
	}
	$text = preg_replace( '/<[^>]*>?/', ' ', $value );
	$text = preg_replace( '/%(?:\d+\$)?[-+ 0#]*\d*(?:\.\d+)?[bcdeEfFgGosuxX%]|&#?\w+;/', ' ', $text );
	return 1 === preg_match( '/[A-Za-z]{2,}/', $text );
}

/**
 * A constant string literal's value.
 *
 * @param string $text Its source (a T_CONSTANT_ENCAPSED_STRING).
 * @return string
 */
function scan_literal( $text ) {
	return eval( 'return ' . $text . ';' ); // phpcs:ignore Squiz.PHP.Eval -- a constant literal only.
}

$root  = $argv[1];
$files = array_slice( $argv, 2 );

$tokens_of = array();
$functions = array();
foreach ( $files as $file ) {
	$tokens = array_values(
		array_map(
			function ( $t ) {
				return is_array( $t ) ? array( $t[0], $t[1], $t[2] ) : array( null, $t, 0 );
			},
			token_get_all( file_get_contents( $root . '/' . $file ) )
		)
	);
	$tokens_of[ $file ] = $tokens;
	// The plugin's own functions and their parameters' names.
	foreach ( $tokens as $i => $t ) {
		if ( T_FUNCTION !== $t[0] ) {
			continue;
		}
		$j = $i + 1;
		while ( isset( $tokens[ $j ] ) && T_WHITESPACE === $tokens[ $j ][0] ) {
			++$j;
		}
		if ( ! isset( $tokens[ $j ] ) || T_STRING !== $tokens[ $j ][0] ) {
			continue;
		}
		$name   = $tokens[ $j ][1];
		$params = array();
		for ( $k = $j + 1; isset( $tokens[ $k ] ) && ')' !== $tokens[ $k ][1]; $k++ ) {
			if ( T_VARIABLE === $tokens[ $k ][0] ) {
				$params[] = $tokens[ $k ][1];
			}
		}
		$functions[ $name ] = $params;
	}
}

$calls         = array();
$untranslated  = array();
$insignificant = array( T_WHITESPACE, T_COMMENT, T_DOC_COMMENT );
foreach ( $tokens_of as $file => $tokens ) {
	$comments = array();
	foreach ( $tokens as $t ) {
		if ( T_COMMENT === $t[0] || T_DOC_COMMENT === $t[0] ) {
			$end        = $t[2] + substr_count( rtrim( $t[1] ), "\n" );
			$text       = trim( preg_replace( '/\s+/', ' ', preg_replace( '#^/\*+|\*+/$|^//|^\s*\*#m', '', $t[1] ) ) );
			$comments[] = array( $end, $text );
		}
	}
	$significant = array_values(
		array_filter(
			$tokens,
			function ( $t ) use ( $insignificant ) {
				return ! in_array( $t[0], $insignificant, true );
			}
		)
	);
	// The enclosing brackets, innermost last: each the call it opens ('' for none) and which of
	// its arguments the scan is in.
	$stack     = array();
	$statement = null;
	$line      = 1;
	foreach ( $significant as $i => $t ) {
		$line     = $t[2] ? $t[2] : $line;
		$previous = $significant[ $i - 1 ] ?? array( null, '', 0 );
		$before   = $significant[ $i - 2 ] ?? array( null, '', 0 );
		if ( in_array( $t[0], array( T_ECHO, T_PRINT, T_RETURN ), true ) ) {
			$statement = $t[0];
		} elseif ( in_array( $t[1], array( ';', '{', '}' ), true ) ) {
			$statement = null;
		}
		if ( '(' === $t[1] || '[' === $t[1] ) {
			$called  = '(' === $t[1] && T_STRING === $previous[0] && ! in_array( $before[0], array( T_OBJECT_OPERATOR, T_NULLSAFE_OBJECT_OPERATOR, T_DOUBLE_COLON, T_FUNCTION, T_NEW ), true );
			$name    = $called ? ltrim( $previous[1], '\\' ) : '';
			$stack[] = array( $name, 0, $line, array() );
			continue;
		}
		if ( ')' === $t[1] || ']' === $t[1] ) {
			$closed = array_pop( $stack );
			if ( $closed && in_array( $closed[0], I18N, true ) ) {
				$comment = null;
				foreach ( $comments as $c ) {
					if ( ( $c[0] === $closed[2] || $c[0] === $closed[2] - 1 ) && 0 === stripos( $c[1], 'translators:' ) ) {
						$comment = $c[1];
					}
				}
				$calls[] = array(
					'file'    => $file,
					'line'    => $closed[2],
					'fn'      => $closed[0],
					'args'    => $closed[3],
					'comment' => $comment,
				);
			}
			if ( $stack ) {
				// The closed call is one argument of the enclosing one: not a literal.
				$top                                     = count( $stack ) - 1;
				$stack[ $top ][3][ $stack[ $top ][1] ] = null;
			}
			continue;
		}
		if ( ! $stack ) {
			// Echoed or printed; returned, when it is markup (a return is not always the page's).
			$markup = T_RETURN !== $statement || false !== strpos( $t[1], '<' );
			if ( T_CONSTANT_ENCAPSED_STRING === $t[0] && $statement && $markup && scan_visible( scan_literal( $t[1] ) ) ) {
				$untranslated[] = array( 'file' => $file, 'line' => $line, 'text' => scan_literal( $t[1] ) );
			}
			continue;
		}
		$top = count( $stack ) - 1;
		if ( ',' === $t[1] ) {
			++$stack[ $top ][1];
			continue;
		}
		list( $name, $index, , $args ) = $stack[ $top ];
		if ( T_CONSTANT_ENCAPSED_STRING === $t[0] ) {
			$value = scan_literal( $t[1] );
			// A literal alone in its argument is the argument's value; joined to anything, not.
			$alone = in_array( $previous[1], array( '(', ',' ), true ) && ! array_key_exists( $index, $args );
			$stack[ $top ][3][ $index ] = $alone ? $value : null;
			$shown = ( isset( OUTPUT[ $name ] ) && in_array( $index, OUTPUT[ $name ], true ) )
				|| ( isset( $functions[ $name ] ) && in_array( $functions[ $name ][ $index ] ?? '', VISIBLE_PARAMETERS, true ) );
			if ( $shown && scan_visible( $value ) ) {
				$untranslated[] = array( 'file' => $file, 'line' => $line, 'text' => $value );
			}
		} else {
			$stack[ $top ][3][ $index ] = null;
		}
	}
}

echo json_encode( array( 'calls' => $calls, 'untranslated' => $untranslated ), JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
