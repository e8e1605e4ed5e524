/**
 * An engine snapshot as JSON and back, exactly: a session that begins
 * mid-game carries the snapshot it began from (see `Session.start`).
 *
 * JSON keeps every finite number but `-0` exactly; the rest is written as a
 * one-key object: `{ "$n": "-0" | "NaN" | "Infinity" | "-Infinity" }`,
 * `{ "$bytes": "<base64>" }` for a `Uint8Array` (a physics engine's own
 * snapshot), `{ "$f64": "<base64>" }` for a `Float64Array`, `{ "$map": [[k, v],
 * ...] }`, `{ "$set": [...] }` and `{ "$u": 0 }` for `undefined`. A plain
 * object with a key starting with `$` is written as `{ "$o": {...} }`, so
 * nothing a game stores is mistaken for one of these.
 *
 * For a format with a binary type (msgpack, what a Colyseus room sends), the
 * byte runs may stay bytes: `toJsonValue(value, keepBytes)` writes the
 * `Uint8Array` itself under `$bytes` and `$f64`, and `fromJsonValue` reads
 * either.
 */

/** Writes a run of bytes as itself, for a format with a binary type: the second argument of {@link toJsonValue}. */
export const keepBytes = (bytes: Uint8Array): Uint8Array => bytes;

/**
 * A snapshot (any plain value) as a JSON-safe value.
 *
 * @param bytes Writes a run of bytes (a `Uint8Array`, a `Float64Array`'s
 * bytes): base64 text by default, or {@link keepBytes}.
 */
export function toJsonValue(value: unknown, bytes: (run: Uint8Array) => unknown = bytesToBase64): unknown {
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0) ? value : { $n: Object.is(value, -0) ? '-0' : String(value) };
  if (value === undefined) return { $u: 0 };
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Uint8Array) return { $bytes: bytes(value) };
  if (value instanceof Float64Array) return { $f64: bytes(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)) };
  if (value instanceof Map) return { $map: [...value].map(([k, v]) => [toJsonValue(k, bytes), toJsonValue(v, bytes)]) };
  if (value instanceof Set) return { $set: [...value].map((item) => toJsonValue(item, bytes)) };
  if (Array.isArray(value)) return value.map((item) => toJsonValue(item, bytes));
  const out: Record<string, unknown> = {};
  let marked = false;
  for (const [key, item] of Object.entries(value)) {
    if (key.startsWith('$')) marked = true;
    out[key] = toJsonValue(item, bytes);
  }
  return marked ? { $o: out } : out;
}

/**
 * Reads back what {@link toJsonValue} wrote.
 * @throws {Error} naming the path of a value that is not what it wrote.
 */
export function fromJsonValue(json: unknown, path = ''): unknown {
  if (json === null || typeof json !== 'object') return json;
  if (Array.isArray(json)) return json.map((item, i) => fromJsonValue(item, `${path}[${i}]`));
  const object = json as Record<string, unknown>;
  const keys = Object.keys(object);
  if (keys.length === 1 && keys[0]!.startsWith('$')) {
    const [key] = keys as [string];
    const body = object[key];
    switch (key) {
      case '$n':
        if (!['-0', 'NaN', 'Infinity', '-Infinity'].includes(body as string)) throw new Error(`${path || '(root)'}: $n must be -0, NaN, Infinity or -Infinity, got ${JSON.stringify(body)}`);
        return Number(body);
      case '$u':
        return undefined;
      case '$bytes':
        return bytesOf(body, path);
      case '$f64': {
        const bytes = bytesOf(body, path);
        if (bytes.length % 8 !== 0) throw new Error(`${path || '(root)'}: $f64 must hold whole float64 values`);
        return new Float64Array(bytes.buffer, bytes.byteOffset, bytes.length / 8);
      }
      case '$map':
        return new Map((body as unknown[][]).map(([k, v], i) => [fromJsonValue(k, `${path}<map ${i}>`), fromJsonValue(v, `${path}<map ${i}>`)]));
      case '$set':
        return new Set((body as unknown[]).map((v, i) => fromJsonValue(v, `${path}<set ${i}>`)));
      case '$o':
        return plainObject(body as Record<string, unknown>, path);
      default:
        throw new Error(`${path || '(root)'}: unknown marker ${key}`);
    }
  }
  return plainObject(object, path);
}

function plainObject(object: Record<string, unknown>, path: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(object)) out[key] = fromJsonValue(item, `${path}.${key}`);
  return out;
}

/** A byte run as {@link toJsonValue} wrote it: base64 text, or the bytes themselves (copied: a `Float64Array` needs its own aligned buffer). */
function bytesOf(body: unknown, path: string): Uint8Array {
  return body instanceof Uint8Array ? Uint8Array.from(body) : base64ToBytes(body, path);
}

/** Bytes as base64 text. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Base64 text as bytes. @throws {Error} naming `path` for what is not base64 text. */
export function base64ToBytes(text: unknown, path: string): Uint8Array {
  if (typeof text !== 'string') throw new Error(`${path || '(root)'}: bytes must be base64 text`);
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    throw new Error(`${path || '(root)'}: bytes must be base64 text`);
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
