/**
 * The parts of a multipart body (multipart/related or multipart/form-data), as the cloud storage
 * stand-ins receive uploads: each part's headers (lower-case names) and its bytes.
 */
export function parseMultipart(
  body: Buffer,
  contentType: string,
): { headers: Record<string, string>; content: Buffer }[] {
  const boundary = /boundary=("?)([^";]+)\1/i.exec(contentType)?.[2];
  if (!boundary) throw new Error(`no boundary in ${contentType}`);
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: { headers: Record<string, string>; content: Buffer }[] = [];
  let position = body.indexOf(delimiter);
  while (position !== -1) {
    const start = position + delimiter.byteLength;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) throw new Error('an unterminated multipart body');
    // Each part: CRLF, headers, a blank line, the content, CRLF before the next delimiter.
    const part = body.subarray(start + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers: Record<string, string> = {};
    for (const line of part.subarray(0, headerEnd).toString().split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    parts.push({ headers, content: Buffer.from(part.subarray(headerEnd + 4)) });
    position = next;
  }
  return parts;
}
