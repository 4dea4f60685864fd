// Where the journeys' server delivers its mail (see start-server.ts): one JSON line per message.
import { existsSync, readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReceivedMail } from './accounts-server.ts';

/** The mailbox of the journeys' server on `port` (a journey may start a second server of its own). */
export const mailboxFileFor = (port: string | number) => join(tmpdir(), `compliance-e2e-mailbox-${port}.jsonl`);
export const mailboxFile = mailboxFileFor(process.env.E2E_PORT ?? '3199');

/** The mails received for `address` so far. */
export function mailsTo(address: string, file = mailboxFile): ReceivedMail[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReceivedMail)
    .filter((mail) => mail.to.includes(address.toLowerCase()));
}

/** The text of a mail as sent: quoted-printable soft breaks and escapes undone. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The path of the invitation link mailed to `address` (the server's PUBLIC_URL is not the journey's host). */
export async function invitationPathFor(address: string, file = mailboxFile): Promise<string> {
  let path = '';
  await expect
    .poll(
      () => {
        const mail = mailsTo(address, file)
          .map((message) => decodeQuotedPrintable(message.raw))
          .find((text) => text.includes('/invitations/accept?token='));
        path = /\/invitations\/accept\?token=[A-Za-z0-9_-]+/.exec(mail ?? '')?.[0] ?? '';
        return path;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return path;
}
