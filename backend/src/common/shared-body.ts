import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

type BodyEncoding = 'br' | 'gzip';

const ENCODERS: Record<BodyEncoding, (json: Buffer) => Promise<Buffer>> = {
  // Made once per shared body, on the zlib thread pool: a better ratio than the per-request
  // compression's (@fastify/compress, quality 4) costs nobody's request anything.
  br: (json) => promisify(brotliCompress)(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } }),
  gzip: (json) => promisify(gzip)(json, { level: 6 }),
};

/**
 * An answer's JSON shared by every request of a period (the visitors' event list, the
 * dashboards), with each encoding
 * made at most once, when first asked for: compressed per request, the super admin's detailed
 * panel (about 400 kB) cost more than everything else the request did.
 */
export class SharedBody {
  private readonly encoded = new Map<BodyEncoding, Promise<Buffer>>();

  constructor(readonly json: Buffer) {}

  /** The encoding to send for an Accept-Encoding header and the bytes, or the JSON as it is. */
  async for(acceptEncoding: string | undefined): Promise<{ encoding?: BodyEncoding; bytes: Buffer }> {
    const encoding = encodingFor(this.json, acceptEncoding);
    if (!encoding) return { bytes: this.json };
    let bytes = this.encoded.get(encoding);
    if (!bytes) this.encoded.set(encoding, (bytes = ENCODERS[encoding](this.json)));
    return { encoding, bytes: await bytes };
  }
}

/**
 * Bodies made for one request up to this size are compressed in one synchronous call on the
 * request's own turn (cheaper than a hand-over to the thread pool); a bigger one would hold every
 * other request back for too long and goes to the pool.
 */
const INLINE_COMPRESSION_MAX_BYTES = 64 * 1024;
/** Brotli's window for an inline body: 64 kB holds all of it, where the default 4 MB window costs its allocation on every call. */
const INLINE_BROTLI_WINDOW_BITS = 16;
/** A body compressed for one request is compressed at @fastify/compress's own level, not a shared body's. */
const OWN_BROTLI_QUALITY = 4;

function compressOwn(json: Buffer, encoding: BodyEncoding): Buffer | Promise<Buffer> {
  if (encoding === 'gzip') return json.length <= INLINE_COMPRESSION_MAX_BYTES ? gzipSync(json, { level: 6 }) : ENCODERS.gzip(json);
  const params = { [constants.BROTLI_PARAM_QUALITY]: OWN_BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: json.length };
  if (json.length > INLINE_COMPRESSION_MAX_BYTES) return promisify(brotliCompress)(json, { params });
  return brotliCompressSync(json, { params: { ...params, [constants.BROTLI_PARAM_LGWIN]: INLINE_BROTLI_WINDOW_BITS } });
}

/** What sending a shared body needs of an answer (Fastify's reply). */
export interface SharedBodyReply {
  header(name: string, value: string): this;
  send(body: Buffer): unknown;
}

/** Sends a shared JSON body, compressed as the client accepts (the compression plugin leaves an encoded answer alone). */
export async function sendSharedBody(reply: SharedBodyReply, acceptEncoding: string | undefined, body: SharedBody): Promise<void> {
  sendJson(reply, await body.for(acceptEncoding));
}

/**
 * Sends JSON made for this request alone (a signed-in student's event list), compressed as the
 * client accepts. One call of the compressor instead of @fastify/compress's stream per answer:
 * for the 32 kB list that took the request's CPU from 0.93 to 0.47 ms (docs/performance.md).
 */
export async function sendOwnBody(reply: SharedBodyReply, acceptEncoding: string | undefined, json: Buffer): Promise<void> {
  const encoding = encodingFor(json, acceptEncoding);
  sendJson(reply, encoding ? { encoding, bytes: await compressOwn(json, encoding) } : { bytes: json });
}

function sendJson(reply: SharedBodyReply, { encoding, bytes }: { encoding?: BodyEncoding; bytes: Buffer }): void {
  reply.header('Content-Type', 'application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
  if (encoding) reply.header('Content-Encoding', encoding);
  reply.send(bytes);
}

/** The encoding to send `json` in for an Accept-Encoding header; none for a small body. */
function encodingFor(json: Buffer, acceptEncoding: string | undefined): BodyEncoding | undefined {
  return json.length < COMPRESSION_THRESHOLD_BYTES ? undefined : preferredEncoding(acceptEncoding);
}

/** Brotli, else gzip, when the client accepts it (a `q` of 0 refuses); browsers send both. */
function preferredEncoding(header: string | undefined): BodyEncoding | undefined {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) =>
        part
          .trim()
          .toLowerCase()
          .split(/\s*;\s*q=/),
      )
      .filter(([, quality]) => quality === undefined || Number(quality) > 0)
      .map(([name]) => name),
  );
  return (['br', 'gzip'] as const).find((encoding) => accepted.has(encoding));
}
