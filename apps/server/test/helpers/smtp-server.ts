import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server in the test process, collecting every message it receives. */
export async function startTestSmtpServer() {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const waiter of waiters) waiter();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The first message to `address` (after `skip` earlier ones) once it arrives. */
    waitForMail(address: string, { skip = 0, timeoutMs = 10_000 } = {}): Promise<ReceivedMail> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.filter((message) => message.to.includes(address))[skip];
          if (!found) return false;
          waiters.delete(onMessage);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const onMessage = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(onMessage);
          reject(new Error(`No mail to ${address} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(onMessage);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code on its own line in a mail body. */
export function codeFrom(text: string): string {
  const match = /^(\d{6})\r?$/m.exec(text);
  if (!match?.[1]) throw new Error(`No code in mail: ${text.slice(0, 500)}`);
  return match[1];
}
