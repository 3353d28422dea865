import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type Received = { from: string; to: string[]; raw: string; user: string | null };

/**
 * A real SMTP server on a free local port that keeps what it receives. With `users`, AUTH must name
 * one of them with its password (a wrong one is refused as a real server would); `refuse` rejects
 * one recipient.
 */
export async function startSmtp(opts: { port?: number; refuse?: string; users?: Record<string, string> } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: !opts.users,
    disabledCommands: ['STARTTLS'],
    // Plain SMTP on a local port: let AUTH happen without TLS, as the test send does on ports other than 465.
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      const ok = !opts.users || (auth.username !== undefined && opts.users[auth.username] === auth.password);
      return ok ? callback(null, { user: auth.username }) : callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (opts.refuse && address.address === opts.refuse) return callback(new Error('550 No such user here'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: typeof session.user === 'string' ? session.user : null,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
