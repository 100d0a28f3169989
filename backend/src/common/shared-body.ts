import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

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
    const encoding = this.json.length < COMPRESSION_THRESHOLD_BYTES ? undefined : preferredEncoding(acceptEncoding);
    if (!encoding) return { bytes: this.json };
    let bytes = this.encoded.get(encoding);
    if (!bytes) this.encoded.set(encoding, (bytes = ENCODERS[encoding](this.json)));
    return { encoding, bytes: await bytes };
  }
}

/** What sending a shared body needs of an answer (Fastify's reply). */
export interface SharedBodyReply {
  header(name: string, value: string): this;
  send(body: Buffer): unknown;
}

/** Sends a shared JSON body, compressed as the client accepts (the compression plugin leaves an encoded answer alone). */
export async function sendSharedBody(reply: SharedBodyReply, acceptEncoding: string | undefined, body: SharedBody): Promise<void> {
  const { encoding, bytes } = await body.for(acceptEncoding);
  reply.header('Content-Type', 'application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
  if (encoding) reply.header('Content-Encoding', encoding);
  reply.send(bytes);
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
