import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

// Stopping `sandbank serve` (SIGTERM, SIGINT) must not wait on a client: server.close() alone waits
// for every open connection, and one holding an unfinished request keeps the process alive until
// Node's timeouts. What is being answered is finished; everything else is closed now.

interface Connections {
  sockets: Set<Socket>;
  /** The request each connection is on, from the handler's start until its answer closes. */
  exchanges: Map<Socket, { req: IncomingMessage; res: ServerResponse }>;
}

const tracked = new WeakMap<Server, Connections>();

/** Follows a server's connections for shutdown; the returned function is called for each request. */
export function trackConnections(server: Server): (req: IncomingMessage, res: ServerResponse) => void {
  const connections: Connections = { sockets: new Set(), exchanges: new Map() };
  tracked.set(server, connections);
  server.on('connection', (socket: Socket) => {
    connections.sockets.add(socket);
    socket.once('close', () => {
      connections.sockets.delete(socket);
      connections.exchanges.delete(socket);
    });
  });
  return (req, res) => {
    connections.exchanges.set(req.socket, { req, res });
    res.once('close', () => {
      if (connections.exchanges.get(req.socket)?.res === res) connections.exchanges.delete(req.socket);
    });
  };
}

/**
 * Stops accepting connections, closes idle ones and those whose request is still arriving (headers
 * or body), lets each answer being made finish and then closes its connection. Resolves once every
 * connection is closed.
 */
export function shutdown(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve, reject) =>
    server.close((error) => (error === undefined ? resolve() : reject(error))),
  );
  const connections = tracked.get(server);
  if (connections === undefined) {
    server.closeAllConnections();
    return closed;
  }
  for (const socket of connections.sockets) {
    const exchange = connections.exchanges.get(socket);
    if (exchange === undefined || !exchange.req.complete) {
      socket.destroy();
      continue;
    }
    // The answer is on its way: it says the connection closes, which then closes once it is sent.
    if (!exchange.res.headersSent) exchange.res.shouldKeepAlive = false;
    exchange.res.once('finish', () => socket.destroySoon());
  }
  return closed;
}
