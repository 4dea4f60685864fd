import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

interface S3rverInstance {
  configureBuckets(): Promise<void>;
  callback(): http.RequestListener;
}
type S3rverConstructor = new (options: {
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

// s3rver is CommonJS without type declarations.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

export const testS3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1' };

/**
 * A local S3-compatible server (s3rver) on 127.0.0.1 with a free port, a temp directory and one bucket.
 * s3rver checks only the access key id of SigV4 requests, so this server verifies the SigV4 signature of
 * every request itself (with `testS3Credentials`) and answers 403 SignatureDoesNotMatch like S3.
 */
export async function startTestS3Server({ bucket = 'test-bucket' }: { bucket?: string } = {}) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-test-s3-'));
  const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket }] });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const requests: { method: string; url: string; headers: http.IncomingHttpHeaders }[] = [];
  const server = http.createServer((request, response) => {
    requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    if (!hasValidSignature(request)) {
      response.writeHead(403, { 'content-type': 'application/xml' });
      response.end(
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code>' +
          '<Message>The request signature we calculated does not match the signature you provided.</Message></Error>',
      );
      return;
    }
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;

  return {
    endpoint,
    bucket,
    directory,
    /** Every request received, in order (for asserting on URLs and headers). */
    requests,
    /** S3_* variables for `createTestApp({ env })`. */
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: testS3Credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: testS3Credentials.secretAccessKey,
      S3_REGION: testS3Credentials.region,
    },
    /** Names of the objects s3rver holds on disk (it stores `<key>._S3rver_object` files). */
    storedKeys(): string[] {
      const root = path.join(directory, bucket);
      if (!fs.existsSync(root)) return [];
      return (fs.readdirSync(root, { recursive: true }) as string[])
        .filter((name) => name.endsWith('._S3rver_object'))
        .map((name) => name.slice(0, -'._S3rver_object'.length).split(path.sep).join('/'))
        .sort();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type TestS3Server = Awaited<ReturnType<typeof startTestS3Server>>;

const authorizationPattern =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/;

function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** An independent SigV4 check of a header-signed request (the algorithm of AWS's documentation). */
function hasValidSignature(request: http.IncomingMessage): boolean {
  const match = authorizationPattern.exec(request.headers.authorization ?? '');
  if (!match) return false;
  const [, accessKeyId, date, region, service, signedHeaders, signature] = match as unknown as string[];
  if (accessKeyId !== testS3Credentials.accessKeyId) return false;
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (!amzDate.startsWith(date!) || !payloadHash) return false;

  const url = new URL(request.url ?? '/', 'http://localhost');
  const query = [...url.searchParams]
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headers = signedHeaders!
    .split(';')
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [request.method, url.pathname, query, headers, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  let key: Buffer = createHmac('sha256', `AWS4${testS3Credentials.secretAccessKey}`).update(date!).digest();
  for (const part of [region!, service!, 'aws4_request']) key = createHmac('sha256', key).update(part).digest();
  return createHmac('sha256', key).update(stringToSign).digest('hex') === signature;
}
