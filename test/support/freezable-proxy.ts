import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a real server that can stop forwarding, the way a server stopped with
 * SIGSTOP or a connection the network dropped without a word looks to a client: the socket stays
 * open, bytes sent are accepted, and no answer comes.
 */
export interface FreezableProxy {
  readonly port: number;
  /** Connections accepted so far. */
  readonly accepted: number;
  /** Every connection, open now or opened later, stops forwarding both ways. */
  freeze(): void;
  /** Connections opened from now on forward; those frozen stay frozen, as if their peer were gone. */
  healNew(): void;
  /** Everything forwards again; what was held back is delivered. */
  thaw(): void;
  close(): Promise<void>;
}

interface Pair {
  readonly client: Socket;
  readonly upstream: Socket;
  frozen: boolean;
}

export async function startFreezableProxy(target: { host: string; port: number }): Promise<FreezableProxy> {
  const pairs = new Set<Pair>();
  let freezeNew = false;
  let accepted = 0;

  const setFrozen = (pair: Pair, frozen: boolean) => {
    pair.frozen = frozen;
    // A paused socket is not read: bytes wait in the kernel's buffers, nothing is passed on.
    for (const socket of [pair.client, pair.upstream]) (frozen ? socket.pause() : socket.resume());
  };

  const server = createServer((client) => {
    accepted++;
    const upstream = connect(target.port, target.host);
    const pair: Pair = { client, upstream, frozen: false };
    pairs.add(pair);
    setFrozen(pair, freezeNew);
    const forward = (from: Socket, to: Socket) => {
      from.on('data', (chunk) => to.write(chunk));
      from.on('end', () => to.end());
      from.on('error', () => to.destroy());
      from.on('close', () => {
        to.destroy();
        pairs.delete(pair);
      });
    };
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as { port: number }).port,
    get accepted() {
      return accepted;
    },
    freeze: () => {
      freezeNew = true;
      for (const pair of pairs) setFrozen(pair, true);
    },
    healNew: () => {
      freezeNew = false;
    },
    thaw: () => {
      freezeNew = false;
      for (const pair of pairs) setFrozen(pair, false);
    },
    close: async () => {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
