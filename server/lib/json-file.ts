/**
 * Reads a venue file from disk — for the import CLI, `npm start --data` and the proxy's
 * `--venues` — strict UTF-8 (a file in another encoding is rejected, never stored with U+FFFD) and
 * JSON, each failure one line naming the file. The one reader of venue files: the same file fails
 * with the same words in either mode.
 */
import { readFileSync } from 'node:fs';

/** An operator's mistake (a missing file, a bad encoding…): `message` is one line to print. */
export class OperatorError extends Error {
  /**
   * @param message The line to print.
   * @param reason The same without the file's name (`not JSON: …`), for a caller that names the
   *   file its own way; the message when not given.
   */
  constructor(
    message: string,
    readonly reason = message,
  ) {
    super(message);
    this.name = 'OperatorError';
  }
}

/** An OperatorError about the file `path`: "PATH: REASON". */
const fileError = (path: string, reason: string) => new OperatorError(`${path}: ${reason}`, reason);

/**
 * Byte offset of the first byte that is not part of a well-formed UTF-8 sequence (RFC 3629:
 * no overlong forms, no surrogates, nothing above U+10FFFF), or -1 when `bytes` is valid.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    // Length of the sequence and the allowed range of its second byte (Unicode Table 3-7).
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) low = 0xa0;
      if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) low = 0x90;
      if (b === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k];
      const [lo, hi] = k === 1 ? [low, high] : [0x80, 0xbf];
      if (c === undefined || c < lo || c > hi) return i;
    }
    i += length;
  }
  return -1;
}

/**
 * The bytes of the file `path` (a venue file, or the calendar file or sheet of a one-off import).
 * @throws OperatorError "FILE: cannot read the file (ENOENT)"
 */
export function readFileBytes(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    throw fileError(path, `cannot read the file (${code ?? message})`);
  }
}

/**
 * The parsed JSON document in `path`.
 * @throws OperatorError "FILE: cannot read (ENOENT)", "FILE: not valid UTF-8 at byte N",
 *   "FILE: not JSON: …"
 */
export function readJsonFile(path: string): unknown {
  const bytes = readFileBytes(path);
  const bad = firstInvalidUtf8(bytes);
  if (bad !== -1) {
    const byte = bytes[bad]!.toString(16).toUpperCase().padStart(2, '0');
    throw fileError(path, `not valid UTF-8 at byte ${bad} (0x${byte})`);
  }
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw fileError(path, `not JSON: ${(error as Error).message}`);
  }
}
