// Where the journeys' server delivers its mail (see start-server.ts): one JSON line per message.
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReceivedMail } from './accounts-server.ts';

const port = process.env.E2E_PORT ?? '3199';
export const mailboxFile = join(tmpdir(), `compliance-e2e-mailbox-${port}.jsonl`);

/** The mails received for `address` so far. */
export function mailsTo(address: string): ReceivedMail[] {
  if (!existsSync(mailboxFile)) return [];
  return readFileSync(mailboxFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReceivedMail)
    .filter((mail) => mail.to.includes(address.toLowerCase()));
}
