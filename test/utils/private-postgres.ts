import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { freePort } from './private-redis';

type ProxyState = 'up' | 'frozen' | 'down';

/**
 * A TCP proxy of the test's own in front of the shared PostgreSQL, on a free port. The test points the app's
 * DATABASE_URL at it and then takes "PostgreSQL" down (every connection reset, new ones refused) or freezes it
 * (connections accepted and kept, no byte forwarded either way), without touching the machine's server.
 */
export class PostgresProxy {
  private state: ProxyState = 'up';
  private readonly pairs = new Set<[Socket, Socket]>();
  private server?: Server;

  private constructor(
    private readonly target: URL,
    readonly port: number,
  ) {}

  static async start(databaseUrl: string): Promise<PostgresProxy> {
    const proxy = new PostgresProxy(new URL(databaseUrl), await freePort());
    await proxy.listen();
    return proxy;
  }

  /** The same database URL, through the proxy. */
  get url(): string {
    const url = new URL(this.target);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  get connections(): number {
    return this.pairs.size;
  }

  /** Every open connection is reset and new ones are refused (the port is closed), as a stopped server. */
  async down(): Promise<void> {
    this.state = 'down';
    for (const [client, server] of this.pairs) {
      client.destroy();
      server.destroy();
    }
    this.pairs.clear();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }

  /** Connections stay open (new ones too) and nothing passes: as a frozen host or a lost network path. */
  freeze(): void {
    this.state = 'frozen';
    for (const [client, server] of this.pairs) {
      client.pause();
      server.pause();
    }
  }

  /** Back to normal: a frozen proxy delivers what it held; a down one listens again. */
  async up(): Promise<void> {
    const wasDown = this.state === 'down';
    this.state = 'up';
    for (const [client, server] of this.pairs) {
      client.resume();
      server.resume();
    }
    if (wasDown) await this.listen();
  }

  async stop(): Promise<void> {
    await this.down();
  }

  private async listen(): Promise<void> {
    const server = createServer((client) => this.accept(client));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  private accept(client: Socket): void {
    const upstream = createConnection({ host: this.target.hostname, port: Number(this.target.port || 5432) });
    const pair: [Socket, Socket] = [client, upstream];
    this.pairs.add(pair);
    const drop = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    this.forward(client, upstream);
    this.forward(upstream, client);
    if (this.state === 'frozen') {
      client.pause();
      upstream.pause();
    }
  }

  /** Forwards by hand (not pipe(), which resumes a paused source when the other side drains). */
  private forward(from: Socket, to: Socket): void {
    from.on('data', (chunk) => {
      if (this.state === 'frozen') from.pause();
      if (!to.destroyed) to.write(chunk);
    });
  }
}
