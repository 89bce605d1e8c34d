/**
 * Small helpers for one-time secrets (picture codes, e-mail codes, trace ids): drawn from the
 * operating system's CSPRNG, stored only as SHA-256 hashes, compared in constant time.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Digits 2-9 and upper-case letters without look-alikes (no 0/O, 1/I/l). */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

export function randomCode(length: number, alphabet: string = CODE_ALPHABET): string {
  let code = '';
  for (let i = 0; i < length; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

/** A random identifier of `bytes` bytes, hex-encoded (16 bytes = 128 bits). */
export function randomHex(bytes = 16): string {
  return randomBytes(bytes).toString('hex');
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Compares two hex digests without leaking, through timing, where they first differ. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Codes are typed by people: surrounding spaces and letter case do not matter. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}
