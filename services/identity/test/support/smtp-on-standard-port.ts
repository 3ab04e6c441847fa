import net from 'node:net';
import { type SmtpReceiver, type SmtpReceiverOptions, startSmtpReceiver } from '@portal/platform/testing/smtp-receiver';

export interface StandardPortSmtp {
  receiver: SmtpReceiver;
  /** a loopback address of its own (127.x.y.z), so parallel test files never share port 587 */
  host: string;
  port: 587;
  stop(): Promise<void>;
}

const randomOctet = () => 1 + Math.floor(Math.random() * 254);

/**
 * The platform's real SMTP receiver, reached on port 587 as the settings require (the spec allows only 587,
 * 465 and 25): a TCP relay on 127.x.y.z:587 passes every byte through to the receiver's free port.
 */
export async function startSmtpOnStandardPort(
  credentials?: { username: string; password: string },
  options: SmtpReceiverOptions = {},
): Promise<StandardPortSmtp> {
  const receiver = await startSmtpReceiver(credentials, options);
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(receiver.port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const host = await listenOnStandardPort(relay);
  return {
    receiver,
    host,
    port: 587,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
      await receiver.stop();
    },
  };
}

/** Listens with `server` on port 587 of a loopback address of its own (127.x.y.z); answers that address. */
export async function listenOnStandardPort(server: net.Server): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const candidate = `127.${randomOctet()}.${randomOctet()}.${randomOctet()}`;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(587, candidate, () => {
          server.off('error', reject);
          resolve();
        });
      });
      return candidate;
    } catch (err) {
      if (attempt >= 10) throw err;
    }
  }
}

/** A loopback address on which nothing listens: a wrong host/port answers "connection refused" at once. */
export function unusedLoopbackHost(): string {
  return `127.${randomOctet()}.${randomOctet()}.${randomOctet()}`;
}
